/**
 * The report pages (issue 9) in the real App (the registries, react-admin, the http client and the
 * data provider) over a fake fetch: /balance-confirmation and /transaction-ledger render their forms
 * in the Reporting section, send the request body of the /v1 contract, show progress while the file is
 * produced, save it under the server's name (or a meaningful one), put server field errors on the
 * fields, show the error catalogue's text on other failures, and check the dates as the API does.
 * Also the pure rules of src/domain/reportForms.ts.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENCY_SEED } from '../../src/domain/currencies';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { validateForm } from '../../src/domain/forms';
import { BUILT_IN_ROLE_PERMISSIONS } from '../../src/domain/permissions';
import {
  addMonths,
  balanceConfirmationForm,
  daysBetween,
  isDay,
  reportFileName,
  slugify,
  transactionLedgerForm,
  utcToday,
} from '../../src/domain/reportForms';
import { fakeApi, sampleSession, type Handler, type RecordedCall, type Reply } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { renderApp as renderRealApp } from './helpers/renderAdmin';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const MANAGER = BUILT_IN_ROLE_PERMISSIONS.MANAGER;

const business = (id: number, businessName: string) => ({ id, businessName, settlementCurrency: 'EUR' });
const BUSINESSES = [business(1, 'Nordlicht Coffee'), business(2, 'Lumen Games')];
const CURRENCIES = CURRENCY_SEED.filter((c) => ['EUR', 'USD', 'BTC', 'ETH'].includes(c.abbreviation));

function renderApp(path: string, routes: Record<string, Reply | Handler> = {}, permissions = MANAGER) {
  const api = fakeApi({
    'GET /v1/businesses': { body: { businesses: BUSINESSES, total: BUSINESSES.length } },
    ...routes,
  });
  const controller = fakeController(
    sampleSession({ permissions: [...permissions], supportedCurrencies: CURRENCIES }),
  );
  renderRealApp(path, controller, api.fetch);
  return api;
}

const callsTo = (api: ReturnType<typeof fakeApi>, path: string): RecordedCall[] =>
  api.calls.filter((c) => c.path === path);

/** A reply that waits until the test answers it (to see the page while the file is produced). */
function pending() {
  let answer: (reply: Reply) => void = () => {};
  const handler: Handler = () =>
    new Promise<Reply>((resolve) => {
      answer = resolve;
    });
  return { handler, answer: (reply: Reply) => answer(reply) };
}

const file = (filename: string, contentType: string): Reply => ({
  body: 'file contents',
  headers: { 'Content-Type': contentType, 'Content-Disposition': `attachment; filename="${filename}"` },
});

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

/** A day as the picker shows it in the test's language (US English: 'MM/DD/YYYY'). */
const shown = (day: string) => (day ? `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}` : '');

/** Types a day into a date picker as a person would, in the format it shows, once it has loaded. */
async function setDate(label: RegExp, value: string) {
  await waitFor(() => expect(input(label).disabled).toBe(false));
  fireEvent.change(input(label), { target: { value: shown(value) } });
  fireEvent.blur(input(label));
}

let saved: string[];
beforeEach(() => {
  // Only the clock's date: timers stay real, so react-admin and Testing Library wait as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the balance confirmation page', { timeout: 60_000 }, () => {
  const PATH = '/v1/reports/balance-confirmation';

  it('is in the Reporting section and shows its form: all businesses or one, and today', async () => {
    renderApp('/balance-confirmation');
    expect(await screen.findByRole('heading', { level: 1, name: 'Balance confirmation' })).toBeTruthy();
    const select = screen.getByRole('combobox', { name: /^Business/ });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All businesses', 'Nordlicht Coffee', 'Lumen Games']),
    );
    expect((select as HTMLSelectElement).value).toBe('');
    expect(input(/^Balances as of/).value).toBe(shown('2026-11-21'));
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();

    // jsdom is a narrow screen: the sidebar is behind the menu button.
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const reporting = await screen.findByRole('region', { name: 'Reporting' });
    expect(
      within(reporting)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Balance confirmation', 'Transaction ledger']);
    expect(
      within(reporting).getByRole('link', { name: 'Balance confirmation' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('posts the business and the day, shows progress, and saves the PDF under the server’s name', async () => {
    const reply = pending();
    const api = renderApp('/balance-confirmation', { [`POST ${PATH}`]: reply.handler });
    const select = await screen.findByRole('combobox', { name: /^Business/ });
    await screen.findByRole('option', { name: 'Nordlicht Coffee' });
    await userEvent.selectOptions(select, 'Nordlicht Coffee');
    await setDate(/^Balances as of/, '2026-10-31');
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));

    const running = await screen.findByRole('button', { name: 'Preparing the PDF…' });
    expect((running as HTMLButtonElement).disabled).toBe(true);
    expect(within(running).getByRole('progressbar')).toBeTruthy();
    const [call] = callsTo(api, PATH);
    expect(call.method).toBe('POST');
    expect(call.body).toEqual({ businessId: 1, asOf: '2026-10-31', locale: 'en' });
    expect(call.headers.authorization).toBe('Web tok-secret-123');
    expect(call.headers.accept).toContain('application/pdf');

    reply.answer(
      file('balance-confirmation-aurora-payments-nordlicht-coffee-2026-10-31.pdf', 'application/pdf'),
    );
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect(saved).toEqual(['balance-confirmation-aurora-payments-nordlicht-coffee-2026-10-31.pdf']);
    expect(
      await screen.findByText(
        'Downloaded balance-confirmation-aurora-payments-nordlicht-coffee-2026-10-31.pdf',
      ),
    ).toBeTruthy();
  });

  it('leaves the business out for all of them, and names the file itself when the server does not', async () => {
    const api = renderApp('/balance-confirmation', {
      [`POST ${PATH}`]: { body: 'pdf', headers: { 'Content-Type': 'application/pdf' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual(['balance-confirmation-aurora-payments-2026-11-21.pdf']));
    expect(callsTo(api, PATH)[0].body).toEqual({ asOf: '2026-11-21', locale: 'en' });
  });

  it('sends the addressee and the signatory, trimmed, and refuses a title without a name', async () => {
    const api = renderApp('/balance-confirmation', {
      [`POST ${PATH}`]: { body: 'pdf', headers: { 'Content-Type': 'application/pdf' } },
    });
    const button = await screen.findByRole('button', { name: 'Download PDF' });
    await userEvent.type(screen.getByRole('textbox', { name: "Signatory's title" }), 'Head of Finance');
    await userEvent.click(button);
    expect(await screen.findByText('Name the person who holds this title')).toBeTruthy();
    expect(callsTo(api, PATH)).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: 'Signatory' }), '  Maria Schmidt ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Addressee' }), 'Müller & Partner');
    await userEvent.type(
      screen.getByRole('textbox', { name: "Addressee's address" }),
      'Hauptstraße 5{Enter}80331 München',
    );
    await userEvent.click(button);
    await waitFor(() => expect(callsTo(api, PATH)).toHaveLength(1));
    expect(callsTo(api, PATH)[0].body).toEqual({
      asOf: '2026-11-21',
      locale: 'en',
      addresseeName: 'Müller & Partner',
      addresseeAddress: 'Hauptstraße 5\n80331 München',
      signatoryName: 'Maria Schmidt',
      signatoryTitle: 'Head of Finance',
    });
  });

  it('refuses a future and an empty day with the API’s messages, without a call', async () => {
    const api = renderApp('/balance-confirmation', { [`POST ${PATH}`]: file('x.pdf', 'application/pdf') });
    const button = await screen.findByRole('button', { name: 'Download PDF' });
    await setDate(/^Balances as of/, '2026-11-22');
    await userEvent.click(button);
    expect(await screen.findByText('must not be in the future')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input(/^Balances as of/)));
    await setDate(/^Balances as of/, '');
    await userEvent.click(button);
    expect(await screen.findByText('Date is required')).toBeTruthy();
    expect(callsTo(api, PATH)).toEqual([]);
    expect(saved).toEqual([]);
  });

  it("puts the server's field errors on the fields and focuses the first", async () => {
    renderApp('/balance-confirmation', {
      [`POST ${PATH}`]: {
        status: 400,
        body: {
          message: ERROR_TEXTS.validation,
          errors: { businessId: 'Unknown business', asOf: 'must not be in the future' },
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Unknown business')).toBeTruthy();
    expect(screen.getByText('must not be in the future')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /^Business/ })),
    );
    expect(saved).toEqual([]);
  });

  it('shows the error catalogue’s text in the notification when the server fails', async () => {
    renderApp('/balance-confirmation', { [`POST ${PATH}`]: { status: 500 } });
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText(ERROR_TEXTS.default)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('shows the server’s own text of a refusal that names no field', async () => {
    renderApp('/balance-confirmation', {
      [`POST ${PATH}`]: { status: 403, body: { message: ERROR_TEXTS.forbidden } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText(ERROR_TEXTS.forbidden)).toBeTruthy();
  });

  it('offers every business only as "all" to a role that may not list them', async () => {
    const api = renderApp(
      '/balance-confirmation',
      {},
      MANAGER.filter((p) => p !== 'GET_BUSINESSES'),
    );
    const select = await screen.findByRole('combobox', { name: /^Business/ });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All businesses']);
    expect(callsTo(api, '/v1/businesses')).toEqual([]);
  });
});

describe('the transaction ledger page', { timeout: 60_000 }, () => {
  const PATH = '/v1/reports/transaction-ledger';

  it('shows its form: the last month, every currency of the session in order, CSV or XLSX', async () => {
    renderApp('/transaction-ledger');
    expect(await screen.findByRole('heading', { level: 1, name: 'Transaction ledger' })).toBeTruthy();
    expect(input(/^From/).value).toBe(shown('2026-10-21'));
    expect(input(/^To/).value).toBe(shown('2026-11-21'));
    const currency = screen.getByRole('combobox', { name: /^Currency/ });
    expect(
      within(currency)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All currencies', 'Euro (EUR)', 'US Dollar (USD)', 'Bitcoin (BTC)', 'Ethereum (ETH)']);
    const format = screen.getByRole('radiogroup', { name: 'Format' });
    expect((within(format).getByRole('radio', { name: 'CSV' }) as HTMLInputElement).checked).toBe(true);
    expect(within(format).getByRole('radio', { name: 'Excel (XLSX)' })).toBeTruthy();
    await screen.findByRole('option', { name: 'Lumen Games' });
  });

  it('posts the window, business, currency and format, shows progress, and saves the XLSX', async () => {
    const reply = pending();
    const api = renderApp('/transaction-ledger', { [`POST ${PATH}`]: reply.handler });
    await screen.findByRole('option', { name: 'Lumen Games' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Business/ }), 'Lumen Games');
    await setDate(/^From/, '2026-01-01');
    await setDate(/^To/, '2026-06-30');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Currency/ }), 'BTC');
    await userEvent.click(screen.getByRole('radio', { name: 'Excel (XLSX)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download ledger' }));

    const running = await screen.findByRole('button', { name: 'Preparing the ledger…' });
    expect((running as HTMLButtonElement).disabled).toBe(true);
    expect(within(running).getByRole('progressbar')).toBeTruthy();
    const [call] = callsTo(api, PATH);
    expect(call.body).toEqual({
      businessId: 2,
      from: '2026-01-01',
      to: '2026-06-30',
      currency: 'BTC',
      format: 'xlsx',
      locale: 'en',
    });
    expect(call.headers.accept).toContain(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );

    const name = 'transaction-ledger-aurora-payments-lumen-games-2026-01-01-2026-06-30.xlsx';
    reply.answer(file(name, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'));
    expect(await screen.findByText(`Downloaded ${name}`)).toBeTruthy();
    expect(saved).toEqual([name]);
    expect((screen.getByRole('button', { name: 'Download ledger' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('sends the defaults as they are, and names a CSV without the server’s name', async () => {
    const api = renderApp('/transaction-ledger', {
      [`POST ${PATH}`]: { body: 'a,b', headers: { 'Content-Type': 'text/csv' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download ledger' }));
    await waitFor(() =>
      expect(saved).toEqual(['transaction-ledger-aurora-payments-2026-10-21-2026-11-21.csv']),
    );
    expect(callsTo(api, PATH)[0].body).toEqual({
      from: '2026-10-21',
      to: '2026-11-21',
      format: 'csv',
      locale: 'en',
    });
  });

  it('refuses an end before the start and a window over 366 days on the end, without a call', async () => {
    const api = renderApp('/transaction-ledger', { [`POST ${PATH}`]: file('x.csv', 'text/csv') });
    const button = await screen.findByRole('button', { name: 'Download ledger' });
    await setDate(/^To/, '2026-11-20');
    await setDate(/^From/, '2026-11-21');
    await userEvent.click(button);
    expect(await screen.findByText('must not be before from')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input(/^To/)));

    // The end is checked again when the start changes.
    await setDate(/^From/, '2025-11-19');
    expect(await screen.findByText('may span at most 366 days, both included')).toBeTruthy();
    expect(screen.queryByText('must not be before from')).toBeNull();
    await userEvent.click(button);
    expect(callsTo(api, PATH)).toEqual([]);

    // 366 days, both ends included, is still one window.
    await setDate(/^From/, '2025-11-20');
    await waitFor(() => expect(screen.queryByText('may span at most 366 days, both included')).toBeNull());
    await userEvent.click(button);
    await waitFor(() => expect(callsTo(api, PATH)).toHaveLength(1));
    expect(callsTo(api, PATH)[0].body).toMatchObject({ from: '2025-11-20', to: '2026-11-20' });
  });

  it('refuses an end after today (UTC) without a call', async () => {
    const api = renderApp('/transaction-ledger', { [`POST ${PATH}`]: file('x.csv', 'text/csv') });
    const button = await screen.findByRole('button', { name: 'Download ledger' });
    await setDate(/^To/, '2026-11-22');
    await userEvent.click(button);
    expect(await screen.findByText('must not be in the future')).toBeTruthy();
    expect(callsTo(api, PATH)).toEqual([]);
  });

  it("puts the server's field errors on the fields, and the catalogue's text on a 500", async () => {
    let status = 400;
    renderApp('/transaction-ledger', {
      [`POST ${PATH}`]: () =>
        status === 400
          ? {
              status,
              body: {
                message: ERROR_TEXTS.validation,
                errors: { to: 'may span at most 366 days, both included' },
              },
            }
          : { status },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download ledger' }));
    expect(await screen.findByText('may span at most 366 days, both included')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input(/^To/)));

    status = 500;
    await userEvent.click(screen.getByRole('button', { name: 'Download ledger' }));
    expect(await screen.findByText(ERROR_TEXTS.default)).toBeTruthy();
    expect(saved).toEqual([]);
  });
});

describe('the report rules (shared with the API)', () => {
  it('reads calendar days, the UTC today and month steps', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('21.11.2026')).toBe(false);
    // Berlin is already on the 22nd, UTC still on the 21st: the API's today is UTC's.
    expect(utcToday(new Date('2026-11-21T23:30:00.000Z'))).toBe('2026-11-21');
    expect(addMonths('2026-11-21', -1)).toBe('2026-10-21');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(daysBetween('2025-11-21', '2026-11-21')).toBe(365);
    expect(daysBetween('2026-11-21', '2026-11-20')).toBe(-1);
  });

  it('checks the balance confirmation day', () => {
    const form = balanceConfirmationForm('2026-11-21');
    expect(validateForm(form, { asOf: '2026-11-21' })).toEqual({});
    expect(validateForm(form, { asOf: '' })).toEqual({ asOf: 'reportDateRequired' });
    expect(validateForm(form, { asOf: '2026-13-01' })).toEqual({ asOf: 'reportDateInvalid' });
    expect(validateForm(form, { asOf: '2026-11-22' })).toEqual({ asOf: 'reportDateInFuture' });
  });

  it('checks the ledger window', () => {
    const check = (from: string, to: string) =>
      validateForm(transactionLedgerForm('2026-11-21'), { from, to });
    expect(check('2026-11-21', '2026-11-21')).toEqual({});
    expect(check('2026-11-21', '2026-11-22')).toEqual({ to: 'reportDateInFuture' });
    expect(check('2026-11-22', '2026-11-22')).toEqual({
      from: 'reportDateInFuture',
      to: 'reportDateInFuture',
    });
    // 366 days with both ends: a leap year, or the same day a year before.
    expect(check('2024-01-01', '2024-12-31')).toEqual({});
    expect(check('2025-11-21', '2026-11-21')).toEqual({});
    expect(check('2025-11-20', '2026-11-21')).toEqual({ to: 'reportWindowTooLong' });
    expect(check('2026-11-20', '2026-11-19')).toEqual({ to: 'reportFromAfterTo' });
    expect(check('', 'x')).toEqual({ from: 'reportDateRequired', to: 'reportDateInvalid' });
  });

  it('names the files meaningfully', () => {
    expect(slugify('Aurora Payments')).toBe('aurora-payments');
    expect(slugify('  Café Zürich & Co. ')).toBe('cafe-zurich-co');
    expect(
      reportFileName('balance-confirmation', { organisation: 'Aurora Payments' }, ['2026-11-21'], 'pdf'),
    ).toBe('balance-confirmation-aurora-payments-2026-11-21.pdf');
    expect(
      reportFileName(
        'transaction-ledger',
        { organisation: 'Aurora Payments', business: 'Nordlicht Coffee' },
        ['2026-10-21', '2026-11-21'],
        'xlsx',
      ),
    ).toBe('transaction-ledger-aurora-payments-nordlicht-coffee-2026-10-21-2026-11-21.xlsx');
  });
});
