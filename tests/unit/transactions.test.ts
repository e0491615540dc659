/**
 * The client's transaction rules (docs/product.md#entities-and-their-fields): received amounts of a payment, its distinct
 * amounts, the white-label fiat deposit's normalised shape, timestamps with their zone, and how a
 * list's filter becomes the API's query (also for its CSV export).
 */
import { describe, expect, it } from 'vitest';
import {
  dateRangeQuery,
  distinctAmounts,
  normaliseWhiteLabelDeposit,
  precisionOf,
  receivedAmountPerCurrency,
  withReceivedAmounts,
  type PaymentDeposit,
} from '../../src/domain/transactions';
import { formatTimestamp } from '../../src/i18n/format';
import { kindOf, transactionQuery } from '../../src/resources/transactions/kinds';
import { filenameOf } from '../../src/resources/transactions/api';
import { amountText } from '../../src/resources/transactions/values';

const deposit = (status: string, depositCurrency: string, depositAmount: string, id = 1): PaymentDeposit => ({
  id,
  status,
  depositCurrency,
  depositAmount,
});

describe('receivedAmountPerCurrency', () => {
  it('sums the CONFIRMED deposits per currency, exactly in decimal', () => {
    expect(
      receivedAmountPerCurrency([
        deposit('CONFIRMED', 'BTC', '0.1'),
        deposit('CONFIRMED', 'BTC', '0.2'),
        deposit('CONFIRMED', 'USDT', '100.000001'),
        deposit('CONFIRMED', 'USDT', '0.000002'),
      ]),
    ).toEqual({ BTC: '0.3', USDT: '100.000003' });
  });

  it('ignores deposits that are not confirmed', () => {
    expect(
      receivedAmountPerCurrency([
        deposit('PENDING', 'BTC', '1'),
        deposit('FAILED', 'BTC', '2'),
        deposit('REFUNDED', 'ETH', '3'),
        deposit('CONFIRMED', 'ETH', '0.5'),
      ]),
    ).toEqual({ ETH: '0.5' });
  });

  it('skips zero amounts, so a currency with only zero deposits does not appear', () => {
    expect(
      receivedAmountPerCurrency([
        deposit('CONFIRMED', 'BTC', '0'),
        deposit('CONFIRMED', 'BTC', '0.00000000'),
        deposit('CONFIRMED', 'LTC', '1.5'),
      ]),
    ).toEqual({ LTC: '1.5' });
  });

  it('is empty for a payment without (confirmed) deposits', () => {
    expect(receivedAmountPerCurrency([])).toEqual({});
    expect(receivedAmountPerCurrency(undefined)).toEqual({});
  });

  it('keeps amounts a float would lose', () => {
    expect(
      receivedAmountPerCurrency([
        deposit('CONFIRMED', 'ETH', '12345678901234567.123456789012345678'),
        deposit('CONFIRMED', 'ETH', '0.000000000000000001'),
      ]),
    ).toEqual({ ETH: '12345678901234567.123456789012345679' });
  });
});

describe('distinctAmounts', () => {
  it('lists one entry per received currency, in the spec currency order', () => {
    expect(distinctAmounts({ USDT: '5', BTC: '0.1', LINK: '2', EUR: '3' })).toEqual([
      { currency: 'EUR', amount: '3' },
      { currency: 'BTC', amount: '0.1' },
      { currency: 'USDT', amount: '5' },
      { currency: 'LINK', amount: '2' },
    ]);
  });

  it('is added to a payment together with receivedAmountPerCurrency', () => {
    const payment = withReceivedAmounts({
      id: 9,
      deposits: [deposit('CONFIRMED', 'BTC', '0.4', 1), deposit('PENDING', 'BTC', '1', 2)],
    });
    expect(payment.receivedAmountPerCurrency).toEqual({ BTC: '0.4' });
    expect(payment.distinctAmounts).toEqual([{ currency: 'BTC', amount: '0.4' }]);
    expect(payment.id).toBe(9);
  });
});

describe('normaliseWhiteLabelDeposit', () => {
  it('gives the shape of docs/product.md#entities-and-their-fields and keeps the API fields', () => {
    const raw = {
      id: 4,
      businessId: 2,
      status: 'RETURNED',
      currency: 'EUR',
      amount: '250.00',
      reference: 'Shop 17',
      createdAt: '2026-11-21T13:05:00.000Z',
      updatedAt: '2026-11-21T13:06:00.000Z',
    };
    expect(normaliseWhiteLabelDeposit(raw)).toEqual({
      ...raw,
      status: 'RECEIVED',
      clientLabel: 'Shop 17',
      expectedAmount: '-',
      receivedAmount: '250.00',
      initiatedBy: '-',
      receivedAt: '2026-11-21T13:05:00.000Z',
    });
  });
});

describe('formatTimestamp', () => {
  const instant = '2026-11-21T13:05:00Z';

  it('shows the time in the given zone and names the zone', () => {
    expect(formatTimestamp(instant, { locale: 'en-GB', timeZone: 'Europe/Berlin' })).toBe(
      '21 Nov 2026, 14:05 CET',
    );
    expect(formatTimestamp(instant, { locale: 'en-GB', timeZone: 'Europe/London' })).toBe(
      '21 Nov 2026, 13:05 GMT',
    );
    expect(formatTimestamp('2026-07-01T13:05:00Z', { locale: 'en-GB', timeZone: 'Europe/Berlin' })).toBe(
      '1 Jul 2026, 15:05 CEST',
    );
  });

  it('speaks German', () => {
    expect(formatTimestamp(instant, { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toBe(
      '21. Nov. 2026, 14:05 MEZ',
    );
  });

  it("uses the browser's zone by default, and names it", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatTimestamp(instant, { locale: 'en-GB' })).toBe(
      formatTimestamp(instant, { locale: 'en-GB', timeZone: zone }),
    );
    expect(formatTimestamp(instant, { locale: 'en-GB' })).toMatch(/\d{2}:\d{2} \S+$/);
  });

  it('shows an invalid value as it is', () => {
    expect(formatTimestamp('not a date', { locale: 'en-GB' })).toBe('not a date');
  });
});

describe('amounts of a transaction', () => {
  it('use the precision of their currency (6 when unknown), from the decimal string', () => {
    expect(precisionOf('EUR')).toBe(2);
    expect(precisionOf('BTC')).toBe(8);
    expect(precisionOf('XYZ')).toBe(6);
    expect(amountText('1234.5', 'EUR')).toMatch(/^1,234\.50\u00a0EUR$/);
    expect(amountText('0.000000019', 'BTC')).toBe('0.00000002\u00a0BTC');
    expect(amountText('-12.3', 'USDT')).toBe('-12.300000\u00a0USDT');
    expect(amountText('-', 'EUR')).toBe('-');
  });
});

describe("a list's filter as the API's query", () => {
  it('sends the currency under the list’s own parameter and drops empty values', () => {
    expect(transactionQuery(kindOf('payments'), { businessId: 3, status: 'PAID', currency: 'BTC' })).toEqual({
      businessId: 3,
      status: 'PAID',
      depositCurrency: 'BTC',
      q: undefined,
    });
    expect(transactionQuery(kindOf('crypto-withdrawals'), { currency: 'ETH' })).toMatchObject({
      cryptoCurrency: 'ETH',
    });
    expect(transactionQuery(kindOf('settlements'), { currency: 'EUR' })).toMatchObject({ currency: 'EUR' });
  });

  it('turns the calendar days into the from (inclusive) and to (exclusive) instants of the browser’s zone', () => {
    expect(dateRangeQuery('2026-11-01', '2026-11-30')).toEqual({
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 11, 1).toISOString(),
    });
    expect(dateRangeQuery(undefined, 'nonsense')).toEqual({});
    expect(transactionQuery(kindOf('manual-movements'), { from: '2026-11-01' })).toMatchObject({
      from: new Date(2026, 10, 1).toISOString(),
    });
  });

  it('sends no status for the white-label deposits, whose status the client normalises', () => {
    expect(
      transactionQuery(kindOf('whitelabel-fiat-deposits'), { status: 'RETURNED' }).status,
    ).toBeUndefined();
  });
});

describe('the export file name', () => {
  it.each([
    ['attachment; filename="payments-2026-11-21.csv"', 'payments-2026-11-21.csv'],
    ['attachment; filename=deposits.csv', 'deposits.csv'],
    ["attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.csv", 'résumé.csv'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment', undefined],
    [null, undefined],
  ])('%s → %s', (header, name) => {
    expect(filenameOf(header)).toBe(name);
  });
});
