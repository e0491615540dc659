/**
 * The money pages' shared kit (src/features/movements/MovementKit.tsx, docs/decisions.md 199–201): the
 * page's frame (intro, the alert when the businesses fail to load), the business and currency selects,
 * the overview's summary, and the required markers of every movement page: each field the server
 * requires shows MUI's asterisk (the 2FA code too when the user has 2FA), the optional ones never; an
 * empty crypto withdrawal says 'Required' in words, not react-admin's message key.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, testDataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { CURRENCY_SEED } from '../../src/domain/currencies';
import {
  BusinessCurrencyFields,
  MovementPage,
  Summary,
  useAvailableBalance,
  useBusinessBalance,
} from '../../src/features/movements/MovementKit';
import { fakeApi, sampleSession } from './helpers/fakeApi';
import { fakeController } from './helpers/fakeController';
import { renderApp, renderInAdmin } from './helpers/renderAdmin';

const BUSINESSES = [
  { id: 1, name: 'Northwind Coffee' },
  { id: 2, name: 'Lumen Games' },
].map((b) => ({ id: String(b.id), name: b.name }));

const controller = (overrides: Parameters<typeof sampleSession>[0] = {}) =>
  fakeController(sampleSession({ supportedCurrencies: [...CURRENCY_SEED], ...overrides }));

/** Each field label of `root` (without its marker) and whether it shows the required marker. */
function markers(root: HTMLElement): Record<string, boolean> {
  const found: Record<string, boolean> = {};
  for (const label of root.querySelectorAll('label.MuiFormLabel-root')) {
    const asterisk = label.querySelector('.MuiFormLabel-asterisk');
    const text = [...label.childNodes]
      .filter((node) => node !== asterisk)
      .map((node) => node.textContent)
      .join('')
      .trim();
    found[text] = asterisk !== null;
  }
  return found;
}

describe('the movement frame', () => {
  it('shows the intro, the failed-businesses alert, and the business and currency selects, required', async () => {
    renderInAdmin(
      <MovementPage texts="pages.internalTransfer" businessesFailed>
        <Form>
          <BusinessCurrencyFields
            businesses={BUSINESSES}
            businessFields={[
              ['fromBusinessId', 'pages.internalTransfer.from'],
              ['toBusinessId', 'pages.internalTransfer.to'],
            ]}
          />
        </Form>
      </MovementPage>,
      { controller: controller() },
    );
    expect(
      screen.getByText(
        'Move an amount between two businesses of your organisation. Both balances change at once.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe("Couldn't load the businesses.");
    const from = screen.getByRole('combobox', { name: 'From business' });
    expect(
      within(from)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a business', 'Northwind Coffee', 'Lumen Games']);
    expect(screen.getByRole('combobox', { name: 'To business' })).toBeTruthy();
    const currency = screen.getByRole('combobox', { name: 'Currency' });
    // Every currency of the session, crypto too (an internal transfer moves any balance).
    expect(within(currency).getByRole('option', { name: 'Bitcoin (BTC)' })).toBeTruthy();
    expect(markers(document.body)).toEqual({ 'From business': true, 'To business': true, Currency: true });
    for (const name of ['From business', 'To business', 'Currency'])
      expect((screen.getByRole('combobox', { name }) as HTMLSelectElement).required).toBe(true);
  });

  it('shows no alert while the businesses load, one business select under the shared label, fiat only when asked', () => {
    renderInAdmin(
      <MovementPage texts="pages.fiatDeposit">
        <Form>
          <BusinessCurrencyFields businesses={BUSINESSES} fiatOnly />
        </Form>
      </MovementPage>,
      { controller: controller() },
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Business' })).toBeTruthy();
    const currency = screen.getByRole('combobox', { name: 'Currency' });
    const options = within(currency)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('Euro (EUR)');
    expect(options).not.toContain('Bitcoin (BTC)');
  });
});

describe('the movement summary', () => {
  it('lists the rows as terms and values, the totals emphasised and marked', () => {
    renderInAdmin(
      <Summary
        caption="Northwind Coffee: EUR into USD"
        rows={[
          { label: 'pages.movements.business', value: 'Northwind Coffee' },
          { label: 'pages.movements.amount', value: '1.25 EUR', total: true, testId: 'total' },
        ]}
      />,
      { controller: controller() },
    );
    // A caption, not a heading: the step's h2 stays the last heading.
    expect(screen.getByText('Northwind Coffee: EUR into USD').tagName).toBe('P');
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual(['Business', 'Amount']);
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual([
      'Northwind Coffee',
      '1.25 EUR',
    ]);
    const total = screen.getByTestId('total');
    expect(total.parentElement?.getAttribute('data-total')).toBe('true');
    expect(
      screen.getByText('Northwind Coffee', { selector: 'dd' }).parentElement?.hasAttribute('data-total'),
    ).toBe(false);
  });
});

const ROUTES = {
  'GET /v1/businesses': {
    body: {
      businesses: [
        {
          id: 1,
          businessName: 'Northwind Coffee',
          supportedDepositCurrenciesWithNetworks: { BTC: ['MAIN'] },
        },
      ],
      total: 1,
    },
  },
  'GET /v1/bank-accounts': {
    body: { bankAccounts: [{ id: 3, accountLabel: 'Aurora EUR', accountCurrency: 'EUR' }], total: 1 },
  },
  'GET /v1/withdrawals/destinations': {
    body: {
      destinations: [
        { id: 5, label: 'Cold', currency: 'BTC', network: 'MAIN', address: 'bc1qxyz', destinationTag: null },
      ],
    },
  },
  'GET /v1/withdrawals/metadata': { body: { coins: [{ currency: 'BTC', network: 'MAIN', precision: 8 }] } },
  'GET /v1/payment/balance/convert/indicative': {
    body: { rate: '1.08', debitAmount: '100', creditAmount: '107.46', fee: '0.5' },
  },
};

/** Renders a movement page for a user with 2FA on and answers its form's labels with their markers. */
async function markersOf(path: string, permission: string, first: string) {
  renderApp(
    path,
    controller({ permissions: ['GET_BUSINESSES', 'GET_BALANCES', permission], authentication: true }),
    fakeApi(ROUTES).fetch,
  );
  await screen.findByText(first, { selector: 'label', exact: false }, { timeout: 20_000 });
  const form = document.querySelector('form');
  expect(form).not.toBeNull();
  return markers(form!);
}

describe('the required markers of the movement pages', { timeout: 60_000 }, () => {
  it('internal transfer: both businesses, the currency, the amount and the 2FA code', async () => {
    expect(await markersOf('/internal-transfer', 'CREATE_INTERNAL_TRANSFER', 'From business')).toEqual({
      'From business': true,
      'To business': true,
      Currency: true,
      Amount: true,
      '2FA code': true,
    });
  });

  it('fiat withdrawal: business, currency, bank account, amount, reference and the 2FA code', async () => {
    renderApp(
      '/fiat-withdrawal',
      controller({
        permissions: ['GET_BUSINESSES', 'GET_BALANCES', 'CREATE_FIAT_WITHDRAWAL'],
        authentication: true,
      }),
      fakeApi(ROUTES).fetch,
    );
    await screen.findByText('Bank account', { selector: 'label', exact: false }, { timeout: 20_000 });
    expect(markers(document.querySelector('form')!)).toEqual({
      Business: true,
      Currency: true,
      'Bank account': true,
      Amount: true,
      Reference: true,
      '2FA code': true,
    });
  });

  it('fiat deposit: business, currency, expected amount and reference (no 2FA on this call)', async () => {
    expect(await markersOf('/fiat-deposit', 'CREATE_FIAT_DEPOSIT', 'Expected amount')).toEqual({
      Business: true,
      Currency: true,
      'Expected amount': true,
      Reference: true,
    });
  });

  it('crypto withdrawal: business, currency and network, address, amount and the 2FA code', async () => {
    expect(await markersOf('/crypto-withdrawal', 'CREATE_WITHDRAWAL', 'Whitelisted address')).toEqual({
      Business: true,
      'Currency and network': true,
      'Whitelisted address': true,
      Amount: true,
      '2FA code': true,
    });
  });

  it('crypto withdrawal, sent empty: each field says it is required in words, not a message key', async () => {
    await markersOf('/crypto-withdrawal', 'CREATE_WITHDRAWAL', 'Whitelisted address');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const helper = (id: string) => document.getElementById(`withdrawal-${id}-helper-text`)?.textContent;
    await waitFor(() => expect(helper('businessId')).toBe('Required'));
    expect(helper('pair')).toBe('Required');
    expect(helper('whitelistedAddressId')).toBe('Select a whitelisted address');
    expect(screen.queryByText(/ra\.validation/)).toBeNull();
  });

  it('balance conversion: business, both currencies, the amount type, the amount and the 2FA code', async () => {
    expect(await markersOf('/balance-conversion', 'CREATE_BALANCE_CONVERSION', 'Convert from')).toEqual({
      Business: true,
      'Convert from': true,
      'Convert into': true,
      'The amount is': true,
      Amount: true,
      '2FA code': true,
    });
  });

  it('crypto deposit: business, currency, network and expiry; the mail subject and the sender once they apply', async () => {
    const found = await markersOf('/crypto-deposit', 'CREATE_PAYMENT', 'Expires after');
    const required = Object.keys(found).filter((label) => found[label]);
    expect(required).toEqual(['Business', 'Currency', 'Network', 'Expires after (minutes)']);
    expect(found['Amount (optional)']).toBe(false);

    const user = userEvent.setup();
    const form = document.querySelector('form')!;
    await user.type(screen.getByRole('textbox', { name: 'Recipient email' }), 'payer@example.com');
    await waitFor(() => expect(markers(form)['Mail subject']).toBe(true));
    const sender = ['Name', 'Address', 'City', 'Country', 'Email', 'Signature name'];
    expect(sender.every((label) => markers(form)[label] === false)).toBe(true);
    await user.type(screen.getByRole('textbox', { name: sender[0] }), 'Aurora');
    await waitFor(() => expect(sender.every((label) => markers(form)[label] === true)).toBe(true));
  });
});

describe("a business's balance on the money pages", () => {
  function Probe({ currency }: { currency: string }) {
    const { balance, failed } = useBusinessBalance('1', currency);
    const available = useAvailableBalance('1', currency);
    if (failed) return <p>failed</p>;
    if (!balance) return <p>loading</p>;
    return <p>{`${available} available, ${balance.held ?? 'nothing'} held`}</p>;
  }

  const render = (currency: string, getBusinessBalance: (id: number) => Promise<unknown>) =>
    renderInAdmin(<Probe currency={currency} />, {
      controller: controller({ permissions: ['GET_BALANCES'] }),
      dataProvider: testDataProvider({ getBusinessBalance } as never),
    });

  it('reads the available amount and the held one under the business pages’ key', async () => {
    const calls: number[] = [];
    render('BTC', async (id) => {
      calls.push(id);
      return { businessId: 1, balances: { BTC: { amount: '0.0706539', held: '0.0132' } } };
    });
    expect(await screen.findByText('0.0706539 available, 0.0132 held')).toBeTruthy();
    expect(calls).toEqual([1]);
  });

  it('answers zero for a currency the business holds none of', async () => {
    render('EUR', async () => ({ businessId: 1, balances: { BTC: { amount: '1' } } }));
    expect(await screen.findByText('0 available, nothing held')).toBeTruthy();
  });

  it('says when the read failed', async () => {
    render('BTC', () => Promise.reject(new Error('Internal error')));
    expect(await screen.findByText('failed')).toBeTruthy();
  });
});
