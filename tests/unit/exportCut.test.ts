/**
 * An export the server cut at its row cap (`X-Export-Truncated: true`, `X-Export-Row-Cap: N`): the
 * export button reads the cut from the headers and tells the user, in English and German, at how many
 * rows the file was cut and to narrow the date range or the filters.
 */
import { describe, expect, it } from 'vitest';
import { exportCutAt } from '../../src/api/download';
import type { MessageTree } from '../../src/i18n/messages';
import { createTranslate } from '../../src/i18n/translate';
import { transactionMessages } from '../../src/resources/transactions/messages';
import { transactionMessagesDe } from '../../src/resources/transactions/messages.de';

const headers = (fields: Record<string, string>) => new Headers(fields);

describe('exportCutAt', () => {
  it('answers the row cap when the server cut the file', () => {
    expect(exportCutAt(headers({ 'X-Export-Truncated': 'true', 'X-Export-Row-Cap': '100000' }))).toBe(
      100_000,
    );
  });

  it('answers nothing for a whole file, a missing or a malformed header', () => {
    expect(
      exportCutAt(headers({ 'X-Export-Truncated': 'false', 'X-Export-Row-Cap': '100000' })),
    ).toBeUndefined();
    expect(exportCutAt(headers({}))).toBeUndefined();
    expect(exportCutAt(undefined)).toBeUndefined();
    expect(
      exportCutAt(headers({ 'X-Export-Truncated': 'true', 'X-Export-Row-Cap': 'many' })),
    ).toBeUndefined();
  });
});

describe('the message of a cut export', () => {
  const phrase = (messages: MessageTree, locale: string) =>
    createTranslate(messages)('resources.transactions.export.truncated', {
      filename: 'payments-2026-11-24.csv',
      rows: (100_000).toLocaleString(locale),
    });

  it('says where the file was cut and how to get the rest, in English', () => {
    const text = phrase(transactionMessages, 'en');
    expect(text).toBe(
      'Downloaded payments-2026-11-24.csv, cut at 100,000 rows. Narrow the date range or the filters to export the rest.',
    );
  });

  it('and in German', () => {
    const text = phrase(transactionMessagesDe, 'de');
    expect(text).toContain('100.000 Zeilen abgeschnitten');
    expect(text).toContain('Zeitraum oder die Filter');
  });
});
