/**
 * /balance-conversion inside the real App against a fake /v1: the indicative figures after typing,
 * Get quote (POST with an Idempotency-Key, the quote and its countdown on the overview), a refused
 * execution (409: its text, the failure dialog, New quote under a new key), the executed result with
 * the success dialog, and an expired quote saying so. 'Convert from' offers the currencies the
 * business holds; an empty 2FA code says '2FA code is required', a malformed one '2FA must be 6 digits'; look-alike
 * business names show their ids.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CONVERSION_MESSAGES } from '../../src/domain/conversions';
import { CURRENCY_SEED } from '../../src/domain/currencies';
import { ERROR_TEXTS } from '../../src/domain/errors';
import { fakeApi, sampleSession, type Handler, type RecordedCall, type Reply } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { renderApp } from './helpers/renderAdmin';

const PERMISSIONS = ['GET_BUSINESSES', 'CREATE_BALANCE_CONVERSION', 'GET_BALANCE_CONVERSIONS'];
const FIGURES = { rate: '1.08', debitAmount: '100', creditAmount: '107.46', fee: '0.5' };

const quoteOf = (id: number, expiresAt: string, status = 'QUOTED') => ({
  id,
  businessId: 1,
  status,
  amountCurrencyType: 'DEBIT',
  debitCurrency: 'EUR',
  creditCurrency: 'USD',
  ...FIGURES,
  expiresAt,
  createdAt: new Date().toISOString(),
  executedAt: status === 'EXECUTED' ? new Date().toISOString() : null,
});

function render(routes: Record<string, Reply | Handler>, twoFa = false, permissions = PERMISSIONS) {
  const api = fakeApi({
    'GET /v1/businesses': {
      body: {
        businesses: [
          { id: 1, businessName: 'Northwind Coffee' },
          { id: 2, businessName: 'Lumen Games' },
        ],
        total: 2,
      },
    },
    'GET /v1/payment/balance/convert/indicative': { body: FIGURES },
    ...routes,
  });
  const controller = fakeController(
    sampleSession({
      permissions,
      supportedCurrencies: [...CURRENCY_SEED],
      authentication: twoFa,
    }),
  );
  renderApp('/balance-conversion', controller, api.fetch);
  return api;
}

async function fillForm() {
  const user = userEvent.setup();
  const business = await screen.findByRole('combobox', { name: 'Business' });
  await waitFor(() =>
    expect(within(business).getByRole('option', { name: 'Northwind Coffee' })).toBeTruthy(),
  );
  await user.selectOptions(business, '1');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Convert from' }), 'EUR');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Convert into' }), 'USD');
  await user.type(screen.getByRole('textbox', { name: /Amount/ }), '100');
  return user;
}

const calls = (api: { calls: RecordedCall[] }, method: string, path: string) =>
  api.calls.filter((c) => c.method === method && c.path === path);

describe('the balance conversion page', { timeout: 60_000 }, () => {
  it('shows the indicative figures, quotes, refuses an expired quote with New quote, then executes', async () => {
    const inAMinute = () => new Date(Date.now() + 60_000).toISOString();
    let quotes = 0;
    let executions = 0;
    const api = render({
      'POST /v1/payment/balance/convert': () => ({
        status: 201,
        body: { conversion: quoteOf(++quotes, inAMinute()) },
      }),
      'PATCH /v1/payment/balance/convert/1': () => {
        executions += 1;
        return { status: 409, body: { message: CONVERSION_MESSAGES.quoteExpired } };
      },
      'PATCH /v1/payment/balance/convert/2': { body: { conversion: quoteOf(2, inAMinute(), 'EXECUTED') } },
    });
    const user = await fillForm();

    const indicative = await screen.findByTestId('indicative');
    await waitFor(() =>
      expect(within(indicative).getByTestId('figure-creditAmount').textContent).toBe('107.46\u00a0USD'),
    );
    const asked = calls(api, 'GET', '/v1/payment/balance/convert/indicative');
    // Debounced: one question for the whole typed amount, not one per keystroke.
    expect(asked.map((c) => c.query.get('amount'))).toEqual(['100']);
    expect(asked[0].query.get('amountCurrencyType')).toBe('DEBIT');

    await user.click(screen.getByRole('button', { name: 'Get quote' }));
    const quote = await screen.findByTestId('quote');
    expect(within(quote).getByTestId('figure-debitAmount').textContent).toBe('100.00\u00a0EUR');
    expect(screen.getByTestId('quote-countdown').textContent).toMatch(/This quote holds for (1:00|0:5\d)/);
    const [created] = calls(api, 'POST', '/v1/payment/balance/convert');
    expect(created.body).toEqual({
      businessId: 1,
      amountCurrencyType: 'DEBIT',
      debitCurrency: 'EUR',
      creditCurrency: 'USD',
      amount: '100',
    });
    expect(created.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    await user.click(screen.getByRole('button', { name: 'Convert' }));
    const failure = await screen.findByRole('dialog');
    expect(failure.textContent).toContain(CONVERSION_MESSAGES.quoteExpired);
    await user.click(within(failure).getByRole('button', { name: 'Close' }));
    expect(executions).toBe(1);
    expect((await screen.findByRole('alert')).textContent).toContain(CONVERSION_MESSAGES.quoteExpired);

    await user.click(screen.getByRole('button', { name: 'New quote' }));
    await waitFor(() => expect(calls(api, 'POST', '/v1/payment/balance/convert')).toHaveLength(2));
    const [first, second] = calls(api, 'POST', '/v1/payment/balance/convert');
    expect(second.headers['idempotency-key']).not.toBe(first.headers['idempotency-key']);

    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Convert' }));
    const success = await screen.findByRole('dialog');
    expect(success.textContent).toContain('The conversion was executed.');
    const [executed] = calls(api, 'PATCH', '/v1/payment/balance/convert/2');
    expect(executed.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(executed.body).toBeUndefined();
    await user.click(within(success).getByRole('button', { name: 'Close' }));
    const result = await screen.findByTestId('conversion-result');
    expect(within(result).getByTestId('figure-creditAmount').textContent).toBe('107.46\u00a0USD');
  });

  it('says when the quote on the overview has expired', async () => {
    render({
      'POST /v1/payment/balance/convert': {
        status: 201,
        body: { conversion: quoteOf(3, new Date(Date.now() - 1000).toISOString()) },
      },
    });
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Get quote' }));
    expect((await screen.findByTestId('quote-expired')).textContent).toBe(CONVERSION_MESSAGES.quoteExpired);
    expect(screen.getByRole('button', { name: 'New quote' })).toBeTruthy();
  });

  it('offers to convert from only the currencies the business holds', async () => {
    render(
      {
        'GET /v1/balances/1': {
          body: {
            businessId: 1,
            balances: {
              EUR: { amount: '250.00' },
              USD: { amount: '0' },
              BTC: { amount: '0.5', held: '0.1' },
            },
          },
        },
        'GET /v1/balances/2': { body: { businessId: 2, balances: { EUR: { amount: '0.00' } } } },
      },
      false,
      [...PERMISSIONS, 'GET_BALANCES'],
    );
    const user = userEvent.setup();
    const business = await screen.findByRole('combobox', { name: 'Business' });
    await waitFor(() => expect(within(business).getByRole('option', { name: 'Lumen Games' })).toBeTruthy());
    const from = () => screen.getByRole('combobox', { name: 'Convert from' });
    const offered = () =>
      within(from())
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value)
        .filter(Boolean);

    await user.selectOptions(business, '1');
    await waitFor(() => expect(offered()).toEqual(['EUR', 'BTC']));
    // Into any currency, held or not.
    const into = within(screen.getByRole('combobox', { name: 'Convert into' })).getAllByRole('option');
    expect(into.map((o) => (o as HTMLOptionElement).value)).toContain('USD');
    await user.selectOptions(from(), 'EUR');

    // A business that holds nothing offers nothing, and says so; the earlier choice is gone.
    await user.selectOptions(business, '2');
    await waitFor(() => expect(offered()).toEqual([]));
    expect((from() as HTMLSelectElement).value).toBe('');
    expect(screen.getByText('This business holds no balance to convert.')).toBeTruthy();
  });

  it('tells apart, by their ids, two businesses whose names differ only by case', async () => {
    render({
      'GET /v1/businesses': {
        body: {
          businesses: [
            { id: 1, businessName: 'Northwind Coffee' },
            { id: 7, businessName: 'Aurora Treasury' },
            { id: 12, businessName: 'aurora  TREASURY' },
          ],
          total: 3,
        },
      },
    });
    const business = await screen.findByRole('combobox', { name: 'Business' });
    await waitFor(() => expect(within(business).getAllByRole('option')).toHaveLength(4));
    expect(
      within(business)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Northwind Coffee', 'Aurora Treasury (ID 7)', 'aurora  TREASURY (ID 12)']);
  });

  it('marks a comma in the amount with its message', async () => {
    render({});
    const user = userEvent.setup();
    const amount = await screen.findByRole('textbox', { name: /Amount/ });
    await user.type(amount, '1,5');
    await user.click(screen.getByRole('button', { name: 'Get quote' }));
    expect(await screen.findByText(CONVERSION_MESSAGES.amountComma)).toBeTruthy();
  });

  it('with 2FA on: an empty code says it is required, a short one that it has 6 digits, as on every page', async () => {
    const inAMinute = new Date(Date.now() + 60_000).toISOString();
    const api = render(
      { 'POST /v1/payment/balance/convert': { status: 201, body: { conversion: quoteOf(5, inAMinute) } } },
      true,
    );
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Get quote' }));
    expect(await screen.findByText('2FA code is required')).toBeTruthy();
    expect(screen.queryByText('2FA must be 6 digits')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /2FA code/i }), '12');
    await user.click(screen.getByRole('button', { name: 'Get quote' }));
    expect(await screen.findByText('2FA must be 6 digits')).toBeTruthy();
    expect(calls(api, 'POST', '/v1/payment/balance/convert')).toEqual([]);

    // The execution's own code, left empty.
    await user.type(screen.getByRole('textbox', { name: /2FA code/i }), '3456');
    await user.click(screen.getByRole('button', { name: 'Get quote' }));
    await screen.findByTestId('quote');
    await user.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByText('2FA code is required')).toBeTruthy();
    expect(calls(api, 'PATCH', '/v1/payment/balance/convert/5')).toEqual([]);
  });

  it('with 2FA on: a code for the quote, a new one for its execution; a refused code stays on the page', async () => {
    const inAMinute = new Date(Date.now() + 60_000).toISOString();
    let attempt = 0;
    const api = render(
      {
        'POST /v1/payment/balance/convert': { status: 201, body: { conversion: quoteOf(4, inAMinute) } },
        'PATCH /v1/payment/balance/convert/4': () =>
          ++attempt === 1
            ? { status: 401, body: { message: ERROR_TEXTS.invalidTwoFaCode } }
            : { body: { conversion: quoteOf(4, inAMinute, 'EXECUTED') } },
      },
      true,
    );
    const user = await fillForm();
    await user.type(screen.getByRole('textbox', { name: /2FA code/i }), '123456');
    await user.click(screen.getByRole('button', { name: 'Get quote' }));
    await screen.findByTestId('quote');
    expect(calls(api, 'POST', '/v1/payment/balance/convert')[0].headers['x-2fa-code']).toBe('123456');

    await user.type(screen.getByRole('textbox', { name: /2FA code/i }), '654321');
    await user.click(screen.getByRole('button', { name: 'Convert' }));
    // The refused code is said on its field, on the overview with the quote: not logged out, no dialog.
    const code = await screen.findByRole('textbox', { name: /2FA code/i });
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(ERROR_TEXTS.invalidTwoFaCode)).toBeTruthy();
    expect(screen.getByTestId('quote')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.clear(code);
    await user.type(code, '111222');
    await user.click(screen.getByRole('button', { name: 'Convert' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('The conversion was executed.');
    const executions = calls(api, 'PATCH', '/v1/payment/balance/convert/4');
    expect(executions.map((c) => c.headers['x-2fa-code'])).toEqual(['654321', '111222']);
    // The same quote's execution keeps its key: a retry with a new code is the same movement.
    expect(executions[1].headers['idempotency-key']).toBe(executions[0].headers['idempotency-key']);
  });
});
