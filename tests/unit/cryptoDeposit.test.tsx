/**
 * The crypto deposit page (src/customPages/cryptoDeposit, docs/decisions.md 170–174) against a fake
 * /v1: only the chosen business's currencies and networks are offered; the rules hold before the
 * call; the request is sent under an Idempotency-Key with only the given optional fields; the result
 * shows the address, the QR code, the countdown and the status read from GET /v1/payments/{id}. The
 * countdown counts down to Expired.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from '../../src/customPages/cryptoDeposit/Countdown';
import { BUILT_IN_ROLE_PERMISSIONS } from '../../src/domain/permissions';
import { fakeApi, sampleSession } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { renderApp, renderInAdmin } from './helpers/renderAdmin';

const BUSINESSES = [
  {
    id: 1,
    businessName: 'Northwind Coffee',
    supportedDepositCurrenciesWithNetworks: { BTC: ['MAIN'], USDT: ['ETH', 'TRX'] },
  },
  { id: 2, businessName: 'Lumen Games', supportedDepositCurrenciesWithNetworks: { LTC: ['MAIN'] } },
];

/** The create's answer: the payment as GET /v1/payments/{id} reads it (docs/decisions.md 233). */
const PAYMENT = {
  id: 77,
  businessId: 1,
  status: 'PENDING',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  reference: 'PR-77',
  priceCurrency: 'USDT',
  priceAmount: '25.5',
  depositCurrency: 'USDT',
  depositNetwork: 'TRX',
  expectedAmount: '25.5',
  expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  address: 'TXYZabcdefghijkmnopqrstuvwxyz12345',
  paymentUri: 'tron:TXYZabcdefghijkmnopqrstuvwxyz12345?amount=25.5',
  link: 'http://dashboard.test/pay/abc',
  deposits: [],
};

afterEach(() => {
  vi.useRealTimers();
});

describe('the countdown', () => {
  it('counts down each second and shows Expired at the end', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-03-02T09:59:58.000Z'));
    renderInAdmin(<Countdown expiresAt="2026-03-02T10:00:00.000Z" />, {
      controller: fakeController(sampleSession()),
    });
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toContain('00:00:02');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toContain('00:00:01');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toContain('Expired');
    expect(timer.getAttribute('data-expired')).toEqual('true');
  });
});

describe('the page', () => {
  // The whole app, its lazy page and four MUI menus in jsdom: about 25 s on a busy machine.
  it(
    "offers the business's own currencies and networks, and shows the request it created",
    { timeout: 90_000 },
    async () => {
      let reads = 0;
      const api = fakeApi({
        'GET /v1/businesses': { body: { businesses: BUSINESSES, total: BUSINESSES.length } },
        'POST /v1/payments': { status: 201, body: { payment: PAYMENT } },
        'GET /v1/payments/77': () => {
          reads += 1;
          return { body: PAYMENT };
        },
      });
      const controller = fakeController(
        sampleSession({ permissions: [...BUILT_IN_ROLE_PERMISSIONS.MANAGER], role: 'MANAGER' }),
      );
      renderApp('/crypto-deposit', controller, api.fetch);
      const user = userEvent.setup({ delay: null });

      const choose = async (field: RegExp, option: string) => {
        await user.click(await screen.findByRole('combobox', { name: field }));
        await user.click(await screen.findByRole('option', { name: option }));
      };
      await choose(/^Business/, 'Northwind Coffee');
      await user.click(screen.getByRole('combobox', { name: /^Currency/ }));
      const currencies = within(await screen.findByRole('listbox')).getAllByRole('option');
      expect(currencies.map((o) => o.textContent)).toEqual(['BTC', 'USDT']);
      await user.click(screen.getByRole('option', { name: 'USDT' }));
      await user.click(screen.getByRole('combobox', { name: /^Network/ }));
      const networks = within(await screen.findByRole('listbox')).getAllByRole('option');
      expect(networks.map((o) => o.textContent)).toEqual(['ETH (ERC20)', 'TRX (TRC20)']);
      await user.click(screen.getByRole('option', { name: 'TRX (TRC20)' }));

      // The rules hold before the call: too many decimals, a recipient without a subject.
      const fill = (name: string, value: string) =>
        fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
      fill('Amount (optional)', '25.1234567');
      fill('Recipient email', 'payer@example.com');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByText('Amount must have fewer decimal digits')).toBeTruthy();
      expect(screen.getByText('Mail subject is required')).toBeTruthy();
      expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

      fill('Amount (optional)', '25.5');
      fill('Recipient email', '');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByText('25.5 USDT')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Create request' }));

      const dialog = await screen.findByRole('dialog');
      expect(dialog.textContent).toContain('The payment request was created.');
      const posts = api.calls.filter((c) => c.method === 'POST' && c.path === '/v1/payments');
      expect(posts).toHaveLength(1);
      expect(posts[0].headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(posts[0].body).toEqual({
        businessId: 1,
        currency: 'USDT',
        network: 'TRX',
        amount: '25.5',
        expirationMinutes: 60,
      });
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));

      expect((await screen.findByTestId('payment-qr')).getAttribute('alt')).toContain(PAYMENT.paymentUri);
      expect(screen.getByTestId('payment-countdown').textContent).toMatch(/^00:(29|30):\d\d$/);
      expect(screen.getByText(PAYMENT.link).getAttribute('href')).toEqual(PAYMENT.link);
      expect(within(screen.getByTestId('payment-request')).getByText('25.5 USDT')).toBeTruthy();
      await waitFor(() => expect(screen.getByTestId('payment-status').textContent).toContain('Open'));
      expect(screen.getByTestId('payment-status').textContent).toContain('Waiting for the deposit');
      expect(reads).toBeGreaterThan(0);
    },
  );
});
