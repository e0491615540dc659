import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { pushPageView, shouldReportPageView, usePageViews } from '../../src/analytics';
import { buildMessages } from '../../src/i18n/i18nProvider';
import { appMessages } from '../../src/i18n/messages';
import { createTranslate } from '../../src/i18n/translate';
import { readRuntimeConfig } from '../../src/runtimeConfig';

describe('runtime config', () => {
  it.each([
    [undefined, ''],
    [{}, ''],
    [{ apiUrl: '' }, ''],
    [{ apiUrl: 'https://api.example.com/' }, 'https://api.example.com'],
    [{ apiUrl: 42 }, ''],
  ])('%j → %j', (config, apiUrl) => {
    expect(readRuntimeConfig({ __APP_CONFIG__: config as never })).toEqual({ apiUrl });
  });
});

describe('analytics page views', () => {
  it('skips only the login page (/ without a session)', () => {
    expect(shouldReportPageView('/', false)).toBe(false);
    expect(shouldReportPageView('/', true)).toBe(true);
    expect(shouldReportPageView('/forgot-password', false)).toBe(true);
    expect(shouldReportPageView('/statistics', true)).toBe(true);
  });

  it('pushes { event: page_view, page_path } to dataLayer', () => {
    const target: { dataLayer?: unknown[] } = {};
    pushPageView('/businesses', target);
    expect(target.dataLayer).toEqual([{ event: 'page_view', page_path: '/businesses' }]);
  });

  it('the hook reports the current path inside a router', () => {
    window.dataLayer = [];
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(MemoryRouter, { initialEntries: ['/api-keys'] }, children);
    renderHook(() => usePageViews(true), { wrapper });
    expect(window.dataLayer).toEqual([{ event: 'page_view', page_path: '/api-keys' }]);
    window.dataLayer = [];
    renderHook(() => usePageViews(false), {
      wrapper: ({ children }) => createElement(MemoryRouter, null, children),
    });
    expect(window.dataLayer).toEqual([]);
  });
});

describe('messages', () => {
  it('the public translate and the admin catalogue read the same app texts', () => {
    const t = createTranslate();
    const admin = buildMessages([{ layout: { title: 'x' } }]) as unknown as typeof appMessages & {
      ra: { action: { save: string } };
      layout: { title: string };
    };
    expect(t('app.chooser.title')).toBe('Choose organisation');
    expect(t('app.notice.sessionExpired')).toBe('Session expired');
    expect(admin.app.login.title).toBe(t('app.login.title'));
    expect(admin.ra.action.save).toBe('Save');
    expect(admin.layout.title).toBe('x');
    expect(admin.validation.confirmationMismatch).toBe("Password doesn't match");
  });
});
