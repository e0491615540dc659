/**
 * The demo activity of seed version 2, as data: every kind of transaction in every status over the 60
 * days before the seed day, for every demo business. A pure function of the seed day (mulberry32 with
 * a fixed seed): the same seed day gives the same rows, another day the same rows shifted in time.
 *
 * Money moves through ledger entries (one per row whose status moved money), returned in time order.
 * Amounts that leave a business (withdrawals, settlements, transfers, debits, conversions) are sized
 * from the business's balance at that moment, replayed here in decimal (big.js), so no entry can
 * overdraw an account; the database checks it again when the seed posts them.
 */
import Big from 'big.js';
import { CURRENCY_SEED } from '../../../src/domain/currencies';
import { TRANSACTION_STATUSES, type TransactionKindKey } from '../../../src/domain/transactions';
import { systemScope } from '../../auth/systemScope';
import type { AccountRef, PostingInput, ScopedEntry } from '../../ledger';
import { BUSINESS_SETTINGS, type DemoBusinessSettings } from './businesses';
import { AURORA, BUSINESSES, ORGANISATION_SETTINGS, ORGANISATIONS, type DemoBusiness } from './demo';
import { mulberry32, type Random } from './random';
import { eurPrice, precisionOf } from './reference';

/** Days of activity before the seed day. */
export const ACTIVITY_DAYS = 60;
/** The fixed seed of the demo's pseudo-random sequence. */
export const DEMO_SEED = 0x5eed0002;
/** The processing fee a confirmed crypto deposit pays to the organisation's fee account. */
export const DEPOSIT_FEE_RATE = '0.01';

/** The kind of transaction each table holds; its statuses are the kind's (src/domain/transactions.ts). */
export const KIND_OF_TABLE = {
  payments: 'payments',
  payment_deposits: 'paymentDeposits',
  crypto_withdrawals: 'cryptoWithdrawals',
  fiat_deposits: 'fiatDeposits',
  whitelabel_fiat_deposits: 'whitelabelFiatDeposits',
  fiat_withdrawals: 'fiatWithdrawals',
  internal_transfers: 'internalTransfers',
  unassociated_deposits: 'unassociatedDeposits',
  unallocated_deposits: 'unallocatedDeposits',
  manual_movements: 'manualMovements',
  balance_conversions: 'balanceConversions',
} as const satisfies Record<string, TransactionKindKey>;

/** The statuses of each table, by table name. */
export const ACTIVITY_STATUSES = Object.fromEntries(
  Object.entries(KIND_OF_TABLE).map(([table, kind]) => [table, TRANSACTION_STATUSES[kind]]),
) as { readonly [T in keyof typeof KIND_OF_TABLE]: (typeof TRANSACTION_STATUSES)[(typeof KIND_OF_TABLE)[T]] };

export type ActivityTable = keyof typeof ACTIVITY_STATUSES;
export const ACTIVITY_TABLES = Object.keys(ACTIVITY_STATUSES) as ActivityTable[];

/** The eight tables of a business's tabs (docs/product.md#screens-and-routes), each with rows for every demo business. */
export const TAB_TABLES: readonly ActivityTable[] = [
  'payments',
  'crypto_withdrawals',
  'fiat_deposits',
  'fiat_withdrawals',
  'internal_transfers',
  'unassociated_deposits',
  'manual_movements',
  'balance_conversions',
];

/** A row as its table's columns (snake_case) hold it: amounts decimal strings, times Dates. */
export type Row = Record<string, string | number | boolean | Date | null | object>;

export interface DemoActivity {
  rows: Record<ActivityTable, Row[]>;
  /** The ledger entries in posting order, each with the row whose ledger_entry_id it gives. */
  postings: { entry: ScopedEntry; table: ActivityTable; row: Row }[];
}

const DAY = 86_400_000;
/** Rows are created at most this long before the end of their day, so updates stay within it. */
const LATEST_SECOND = 86_400 - 7_201;
/** The statuses dated in the last three days (still in flight on the seed day). */
const IN_FLIGHT = new Set(['PENDING', 'AWAITING_APPROVAL', 'PROCESSING', 'QUOTED', 'UNALLOCATED']);
/** What a withdrawal pays the network, per currency and network. */
const NETWORK_FEES: Record<string, string> = {
  'BTC:MAIN': '0.00012',
  'LTC:MAIN': '0.001',
  'ETH:ETH': '0.0009',
  'XRP:MAIN': '0.2',
  'USDT:ETH': '2.5',
  'USDT:TRX': '1',
  'USDT:BSC': '0.3',
  'USDT:SOL': '0.2',
  'USDC:ETH': '2.5',
  'USDC:BSC': '0.3',
  'USDC:SOL': '0.2',
};
const BANK_ACCOUNTS: Record<string, string[]> = {
  EUR: ['EUR · DE89 **** 3000 (operating)', 'EUR · FR76 **** 0189 (reserve)'],
  GBP: ['GBP · GB29 **** 2681 (operating)'],
  USD: ['USD · 0212 **** 8901 (operating)', 'USD · 0260 **** 4410 (payroll)'],
};
const SENDERS = [
  'Müller & Söhne GmbH',
  'Hansen Logistik',
  'Brightline Ltd',
  'Costa Ventures SA',
  'Nordic Ops AB',
];
const CLIENTS = ['Anna Schmidt', 'Client 1042', 'J. Okafor', 'Marta Rossi', 'Client 2231', 'L. Dubois'];
const TRANSFER_NOTES = [
  'Shared marketing costs',
  'Liquidity top-up',
  'Refund of an intercompany invoice',
  null,
];
const MANUAL_REASONS = [
  'Goodwill credit after a delayed settlement',
  'Correction of a duplicated network fee',
  'Chargeback of a disputed top-up',
  'Reversal of a misrouted deposit',
];

const price = eurPrice;
const down = (value: Big, decimals: number) => value.round(decimals, Big.roundDown);
const smallest = (decimals: number) => new Big(1).div(new Big(10).pow(decimals));

interface Item {
  table: ActivityTable;
  row: Row;
  seq: number;
  /** The payment of a deposit (its id is known once payment ids are given). */
  parent?: Row;
  /** Ledger kind and reference prefix of the entry, and its postings (sized at its moment). */
  kind?: string;
  prefix?: string;
  post?: (ledger: Replay) => PostingInput[];
}

/** The balances as the entries posted so far leave them (decimal). */
class Replay {
  private readonly balances = new Map<string, Big>();
  constructor(readonly random: Random) {}

  private key(organisationId: number, ref: AccountRef) {
    return `${organisationId}|${ref.kind === 'business' ? ref.businessId : ''}|${ref.kind}|${ref.currency}`;
  }

  balance(organisationId: number, businessId: number, currency: string): Big {
    return (
      this.balances.get(this.key(organisationId, { kind: 'business', businessId, currency })) ?? new Big(0)
    );
  }

  apply(organisationId: number, postings: PostingInput[], what: string) {
    for (const p of postings) {
      const key = this.key(organisationId, p.account);
      const next = (this.balances.get(key) ?? new Big(0)).plus(p.amount);
      if (p.account.kind === 'business' && next.lt(0)) throw new Error(`Seed: ${what} would overdraw ${key}`);
      this.balances.set(key, next);
    }
  }
}

const business = (businessId: number, currency: string): AccountRef => ({
  kind: 'business',
  businessId,
  currency,
});
const external = (currency: string): AccountRef => ({ kind: 'external', currency });

export function buildDemoActivity(seedDay: Date): DemoActivity {
  const rnd = mulberry32(DEMO_SEED);
  const start = seedDay.getTime() - ACTIVITY_DAYS * DAY;
  const items: Item[] = [];
  let seq = 0;
  const add = (item: Omit<Item, 'seq'>) => {
    const full = { ...item, seq: seq++ };
    items.push(full);
    return full;
  };

  /** A moment on day `day` (0 = the first of the 60). */
  const on = (day: number) => new Date(start + day * DAY + rnd.int(0, LATEST_SECOND) * 1000);
  const after = (t: Date, minSeconds: number, maxSeconds: number) =>
    new Date(t.getTime() + rnd.int(minSeconds, maxSeconds) * 1000);
  /** The day of a row in `status`: in flight in the last three days, moved money from day 3 on. */
  const dayFor = (status: string, moves = false) =>
    IN_FLIGHT.has(status)
      ? rnd.int(ACTIVITY_DAYS - 3, ACTIVITY_DAYS - 1)
      : rnd.int(moves ? 3 : 0, ACTIVITY_DAYS - 4);
  const eur = (min: number, max: number) => new Big(rnd.int(min * 100, max * 100)).div(100);
  /** A EUR value in `currency`, rounded down to `decimals` (at least the smallest unit). */
  const worth = (value: Big, currency: string, decimals: number) => {
    const amount = down(value.div(price(currency)), decimals);
    return (amount.gt(0) ? amount : smallest(decimals)).toFixed();
  };
  /** Every status once, then `extra` more drawn by weight. */
  const statuses = (all: readonly string[], extra: number, weights: Record<string, number>) => {
    const list = [...all];
    const total = Object.values(weights).reduce((a, b) => a + b, 0);
    for (let i = 0; i < extra; i++) {
      let r = rnd.next() * total;
      for (const [status, weight] of Object.entries(weights)) {
        r -= weight;
        if (r < 0) {
          list.push(status);
          break;
        }
      }
    }
    return list;
  };
  const txHash = (network: string) => (['ETH', 'BSC'].includes(network) ? `0x${rnd.hex(64)}` : rnd.hex(64));
  const address = (currency: string, network: string) => {
    if (network === 'ETH' || network === 'BSC') return `0x${rnd.hex(40)}`;
    if (network === 'TRX') return `T${rnd.hex(33)}`;
    if (network === 'SOL') return rnd.hex(44);
    if (currency === 'BTC') return `bc1q${rnd.hex(38)}`;
    if (currency === 'LTC') return `ltc1q${rnd.hex(38)}`;
    if (currency === 'XRP') return `r${rnd.hex(33)}`;
    return rnd.hex(40);
  };
  const timestamps = (created: Date, updated: Date) => ({ created_at: created, updated_at: updated });

  const organisationOf = (id: number) => {
    const o = ORGANISATIONS.find((x) => x.id === id);
    if (!o) throw new Error(`Seed: no organisation ${id}`);
    return o;
  };
  const visibleSiblings = (b: DemoBusiness) =>
    BUSINESSES.filter((x) => x.organisationId === b.organisationId && !x.hidden && x.id !== b.id);

  /**
   * What a debit can take at its moment: a currency (and network) of `options` whose balance covers the
   * fee, and a share of what is left. Throws when nothing is left (a seed bug: debits come after credits).
   */
  const debit = (
    ledger: Replay,
    b: DemoBusiness,
    options: readonly (readonly [string, string | null])[],
    feeOf: (currency: string, network: string | null) => Big,
    share: [number, number],
  ) => {
    const usable = options
      .map(([currency, network]) => {
        const decimals = precisionOf(currency, network);
        const fee = feeOf(currency, network);
        const left = ledger.balance(b.organisationId, b.id, currency).minus(fee);
        return { currency, network, decimals, fee, left, value: left.times(price(currency)) };
      })
      .filter((o) => o.left.gt(0));
    const rich = usable.filter((o) => o.value.gte(20));
    const pool = rich.length > 0 ? rich : usable;
    if (pool.length === 0) throw new Error(`Seed: business ${b.id} has nothing to take a debit from`);
    const chosen = pool[Math.floor(ledger.random.next() * pool.length)];
    const fraction = new Big(ledger.random.int(share[0], share[1])).div(100);
    let amount = down(chosen.left.times(fraction), chosen.decimals);
    if (amount.lte(0)) amount = down(chosen.left, chosen.decimals);
    if (amount.lte(0)) throw new Error(`Seed: business ${b.id} cannot take a debit in ${chosen.currency}`);
    return { currency: chosen.currency, network: chosen.network, amount, fee: chosen.fee };
  };
  const noFee = () => new Big(0);

  for (const b of BUSINESSES) {
    const s: DemoBusinessSettings = BUSINESS_SETTINGS[b.id];
    const org = b.organisationId;
    const settlement = organisationOf(org).settlementCurrency;
    const pairs = Object.entries(s.depositCurrencies).flatMap(([c, networks]) =>
      networks.map((n) => [c, n] as const),
    );
    const cryptoOptions = [...new Map(pairs.map(([c, n]) => [c, [c, n] as const])).values()];
    const busy = org === AURORA && b.id <= 7;
    const small = org !== AURORA;
    const extra = (busyCount: number, smallCount: number) => (busy ? busyCount : small ? smallCount : 0);
    const base = { organisation_id: org, business_id: b.id };

    // The opening top-up: the first movement of every business.
    const opened = new Date(start + rnd.int(8 * 3600, 9 * 3600) * 1000);
    const opening = add({
      table: 'fiat_deposits',
      row: {
        ...base,
        currency: settlement,
        amount: new Big(rnd.int(20_000, 50_000)).toFixed(),
        reference: `FT${rnd.int(10_000_000, 99_999_999)}`,
        sender_name: `${b.name} treasury`,
        status: 'COMPLETED',
        ...timestamps(opened, after(opened, 600, 1800)),
      },
      kind: 'fiat_deposit',
      prefix: 'fiat-deposit',
    });
    opening.post = () => [
      { account: external(settlement), amount: `-${opening.row.amount as string}` },
      { account: business(b.id, settlement), amount: opening.row.amount as string },
    ];

    // Payments and their deposits; the first is a large paid one on the first day.
    const paymentStatuses = statuses(ACTIVITY_STATUSES.payments, extra(24, 10), {
      PAID: 60,
      OVERPAID: 8,
      UNDERPAID: 8,
      EXPIRED: 12,
      CANCELLED: 5,
      PENDING: 4,
    });
    paymentStatuses.splice(paymentStatuses.indexOf('PAID'), 1);
    paymentStatuses.unshift('PAID');
    paymentStatuses.forEach((status, i) => {
      const [currency, network] = rnd.pick(pairs);
      const decimals = precisionOf(currency, network);
      const priceCurrency = rnd.chance(0.7) ? s.displayCurrencies[0] : rnd.pick(s.displayCurrencies);
      const value = i === 0 ? eur(800, 1500) : rnd.chance(0.1) ? eur(1500, 6000) : eur(5, 1200);
      const created =
        i === 0 ? after(opened, 3600, 7200) : on(status === 'PENDING' ? dayFor(status) : rnd.int(0, 56));
      const expected = new Big(worth(value, currency, decimals));
      const payment = add({
        table: 'payments',
        row: {
          ...base,
          reference: `ORD-${rnd.int(100000, 999999)}`,
          price_currency: priceCurrency,
          price_amount: worth(value, priceCurrency, 2),
          deposit_currency: currency,
          deposit_network: network,
          expected_amount: expected.toFixed(),
          status,
          expires_at: new Date(created.getTime() + DAY),
          ...timestamps(created, created),
        },
      });
      const deposit = (depositStatus: string, amount: Big, minDelay = 60) => {
        const depositCreated = after(created, minDelay, minDelay + 1800);
        const updated = after(depositCreated, 120, 3600);
        const item = add({
          table: 'payment_deposits',
          parent: payment.row,
          row: {
            ...base,
            status: depositStatus,
            currency,
            network,
            amount: amount.toFixed(),
            tx_hash: txHash(network),
            confirmations:
              depositStatus === 'CONFIRMED' || depositStatus === 'REFUNDED'
                ? rnd.int(3, 120)
                : depositStatus === 'PENDING'
                  ? rnd.int(0, 2)
                  : 0,
            ...timestamps(depositCreated, depositStatus === 'PENDING' ? depositCreated : updated),
          },
        });
        if (depositStatus === 'CONFIRMED' && amount.gt(0)) {
          item.kind = 'payment';
          item.prefix = 'payment-deposit';
          item.post = () => {
            const fee = down(amount.times(DEPOSIT_FEE_RATE), decimals);
            return [
              { account: external(currency), amount: amount.times(-1).toFixed() },
              { account: business(b.id, currency), amount: amount.minus(fee).toFixed() },
              ...(fee.gt(0) ? [{ account: { kind: 'fee' as const, currency }, amount: fee.toFixed() }] : []),
            ];
          };
        }
        const last = item.row.updated_at as Date;
        if (last > (payment.row.updated_at as Date)) payment.row.updated_at = last;
      };
      const share = (min: number, max: number) => down(expected.times(rnd.int(min, max)).div(100), decimals);
      switch (status) {
        case 'PAID':
          if (rnd.chance(0.15)) {
            // A failed attempt before the payment went through.
            deposit('FAILED', new Big(0));
          }
          if (rnd.chance(0.2) && expected.gt(smallest(decimals).times(10))) {
            const first = share(30, 70);
            deposit('CONFIRMED', first);
            deposit('CONFIRMED', expected.minus(first), 1900);
          } else {
            deposit('CONFIRMED', expected);
          }
          if (s.refundFollowUpDeposits && rnd.chance(0.1)) deposit('REFUNDED', share(5, 40), 1900);
          break;
        case 'OVERPAID':
          if (s.overpaymentPolicy === 'EXCESS_REFUND') {
            deposit('CONFIRMED', expected);
            deposit('REFUNDED', share(1, 10).plus(smallest(decimals)), 1900);
          } else {
            deposit('CONFIRMED', expected.plus(share(1, 10)).plus(smallest(decimals)));
          }
          break;
        case 'UNDERPAID':
          deposit('CONFIRMED', share(50, 95).plus(smallest(decimals)));
          break;
        case 'PENDING':
          if (rnd.chance(0.6)) deposit('PENDING', expected);
          break;
        case 'EXPIRED':
          if (rnd.chance(0.4)) deposit('FAILED', rnd.chance(0.5) ? new Big(0) : expected);
          else payment.row.updated_at = payment.row.expires_at as Date;
          break;
        default:
          payment.row.updated_at = after(created, 60, 900);
      }
    });

    // Crypto withdrawals.
    for (const status of statuses(ACTIVITY_STATUSES.crypto_withdrawals, extra(6, 2), {
      COMPLETED: 60,
      FAILED: 10,
      REJECTED: 10,
      AWAITING_APPROVAL: 5,
      PENDING: 5,
      PROCESSING: 5,
    })) {
      const moves = status === 'COMPLETED' || status === 'PROCESSING';
      const created = on(dayFor(status, moves));
      const updated = IN_FLIGHT.has(status) && status !== 'PROCESSING' ? created : after(created, 300, 5400);
      const [currency, network] = rnd.pick(pairs);
      const fee = NETWORK_FEES[`${currency}:${network}`] ?? '0';
      const row: Row = {
        ...base,
        currency,
        network,
        amount: worth(eur(50, 2500), currency, precisionOf(currency, network)),
        fee,
        address: address(currency, network),
        tx_hash: ['PROCESSING', 'COMPLETED', 'FAILED'].includes(status) ? txHash(network) : null,
        status,
        ...timestamps(created, updated),
      };
      const item = add({ table: 'crypto_withdrawals', row });
      if (moves) {
        item.kind = 'withdrawal';
        item.prefix = 'crypto-withdrawal';
        item.post = (ledger) => {
          const d = debit(ledger, b, pairs, (c, n) => new Big(NETWORK_FEES[`${c}:${n}`] ?? '0'), [10, 45]);
          Object.assign(row, {
            currency: d.currency,
            network: d.network,
            amount: d.amount.toFixed(),
            fee: d.fee.toFixed(),
            address: address(d.currency, d.network as string),
            tx_hash: txHash(d.network as string),
          });
          return [
            { account: business(b.id, d.currency), amount: d.amount.plus(d.fee).times(-1).toFixed() },
            { account: external(d.currency), amount: d.amount.toFixed() },
            ...(d.fee.gt(0)
              ? [{ account: { kind: 'fee' as const, currency: d.currency }, amount: d.fee.toFixed() }]
              : []),
          ];
        };
      }
    }

    // Fiat deposits (top-ups) and white-label fiat deposits, in the settlement currency.
    for (const status of statuses(ACTIVITY_STATUSES.fiat_deposits, extra(3, 1), {
      COMPLETED: 70,
      FAILED: 15,
      CANCELLED: 15,
    })) {
      const created = on(dayFor(status));
      const row: Row = {
        ...base,
        currency: settlement,
        amount: eur(300, 12_000).toFixed(),
        reference: `FT${rnd.int(10_000_000, 99_999_999)}`,
        sender_name: rnd.chance(0.8) ? rnd.pick(SENDERS) : null,
        status,
        ...timestamps(created, status === 'PENDING' ? created : after(created, 600, 5400)),
      };
      const item = add({ table: 'fiat_deposits', row });
      if (status === 'COMPLETED') {
        item.kind = 'fiat_deposit';
        item.prefix = 'fiat-deposit';
        item.post = () => [
          { account: external(settlement), amount: `-${row.amount as string}` },
          { account: business(b.id, settlement), amount: row.amount as string },
        ];
      }
    }
    for (const status of statuses(ACTIVITY_STATUSES.whitelabel_fiat_deposits, extra(3, 1), {
      RECEIVED: 85,
      RETURNED: 15,
    })) {
      const created = on(dayFor(status));
      const row: Row = {
        ...base,
        currency: settlement,
        amount: eur(20, 2500).toFixed(),
        reference: rnd.pick(CLIENTS),
        status,
        ...timestamps(created, after(created, 60, 3600)),
      };
      const item = add({ table: 'whitelabel_fiat_deposits', row });
      if (status === 'RECEIVED') {
        item.kind = 'whitelabel_deposit';
        item.prefix = 'whitelabel-fiat-deposit';
        item.post = () => [
          { account: external(settlement), amount: `-${row.amount as string}` },
          { account: business(b.id, settlement), amount: row.amount as string },
        ];
      }
    }

    // Settlements: fiat paid out to the business's bank account.
    for (const status of statuses(ACTIVITY_STATUSES.fiat_withdrawals, extra(3, 1), {
      COMPLETED: 70,
      FAILED: 15,
      REJECTED: 15,
    })) {
      const moves = status === 'COMPLETED' || status === 'PROCESSING';
      const created = on(dayFor(status, moves));
      const fee = new Big(rnd.int(150, 400)).div(100);
      const row: Row = {
        ...base,
        currency: settlement,
        amount: eur(500, 10_000).toFixed(),
        fee: fee.toFixed(),
        bank_account_label: rnd.pick(BANK_ACCOUNTS[settlement]),
        reference: `STL-${rnd.int(100_000, 999_999)}`,
        status,
        ...timestamps(created, status === 'PENDING' ? created : after(created, 600, 5400)),
      };
      const item = add({ table: 'fiat_withdrawals', row });
      if (moves) {
        item.kind = 'settlement';
        item.prefix = 'fiat-withdrawal';
        item.post = (ledger) => {
          const d = debit(ledger, b, [[settlement, null]], () => fee, [20, 50]);
          row.amount = d.amount.toFixed();
          return [
            { account: business(b.id, settlement), amount: d.amount.plus(fee).times(-1).toFixed() },
            { account: external(settlement), amount: d.amount.toFixed() },
            { account: { kind: 'fee', currency: settlement }, amount: fee.toFixed() },
          ];
        };
      }
    }

    // Internal transfers to the organisation's other visible businesses (never the hidden one).
    const siblings = visibleSiblings(b);
    if (!b.hidden && siblings.length > 0) {
      for (const status of statuses(ACTIVITY_STATUSES.internal_transfers, extra(3, 1), {
        COMPLETED: 70,
        FAILED: 30,
      })) {
        const moves = status === 'COMPLETED';
        const created = on(dayFor(status, moves));
        const to = rnd.pick(siblings);
        const row: Row = {
          ...base,
          counterparty_business_id: to.id,
          currency: settlement,
          amount: eur(100, 3000).toFixed(),
          reference: rnd.pick(TRANSFER_NOTES),
          status,
          ...timestamps(created, status === 'PENDING' ? created : after(created, 5, 600)),
        };
        const item = add({ table: 'internal_transfers', row });
        if (moves) {
          item.kind = 'transfer';
          item.prefix = 'internal-transfer';
          item.post = (ledger) => {
            const d = debit(ledger, b, [[settlement, null], ...cryptoOptions], noFee, [5, 25]);
            row.currency = d.currency;
            row.amount = d.amount.toFixed();
            return [
              { account: business(b.id, d.currency), amount: d.amount.times(-1).toFixed() },
              { account: business(to.id, d.currency), amount: d.amount.toFixed() },
            ];
          };
        }
      }
    }

    // Unassociated deposits: crypto on the business's address without a payment.
    for (const status of statuses(ACTIVITY_STATUSES.unassociated_deposits, extra(2, 1), {
      CREDITED: 60,
      REFUNDED: 40,
    })) {
      const created = on(dayFor(status));
      const [currency, network] = rnd.pick(pairs);
      const row: Row = {
        ...base,
        currency,
        network,
        amount: worth(eur(10, 800), currency, precisionOf(currency, network)),
        address: address(currency, network),
        tx_hash: txHash(network),
        status,
        ...timestamps(created, status === 'PENDING' ? created : after(created, 600, 5400)),
      };
      const item = add({ table: 'unassociated_deposits', row });
      if (status === 'CREDITED') {
        item.kind = 'unassociated_deposit';
        item.prefix = 'unassociated-deposit';
        item.post = () => [
          { account: external(currency), amount: `-${row.amount as string}` },
          { account: business(b.id, currency), amount: row.amount as string },
        ];
      }
    }

    // Manual ledger movements: credits, and debits sized from the balance.
    const staff = org === AURORA ? [1, 2, 7] : [1];
    for (const status of statuses(ACTIVITY_STATUSES.manual_movements, extra(2, 1), {
      COMPLETED: 60,
      REJECTED: 20,
      PENDING: 20,
    })) {
      const credit = rnd.chance(0.6);
      const created = on(dayFor(status, !credit));
      const amount = eur(10, 500);
      const row: Row = {
        ...base,
        currency: settlement,
        amount: (credit ? amount : amount.times(-1)).toFixed(),
        reason: rnd.pick(MANUAL_REASONS),
        created_by: rnd.chance(0.85) ? rnd.pick(staff) : null,
        status,
        ...timestamps(created, status === 'PENDING' ? created : after(created, 300, 3600)),
      };
      const item = add({ table: 'manual_movements', row });
      if (status === 'COMPLETED') {
        item.kind = 'manual';
        item.prefix = 'manual-movement';
        item.post = (ledger) => {
          if (credit) {
            return [
              { account: external(settlement), amount: `-${row.amount as string}` },
              { account: business(b.id, settlement), amount: row.amount as string },
            ];
          }
          const d = debit(ledger, b, [[settlement, null]], noFee, [1, 5]);
          row.amount = d.amount.times(-1).toFixed();
          return [
            { account: business(b.id, settlement), amount: row.amount },
            { account: external(settlement), amount: d.amount.toFixed() },
          ];
        };
      }
    }

    // Balance conversions: crypto into the settlement currency (and now and then the other way).
    for (const status of statuses(ACTIVITY_STATUSES.balance_conversions, extra(2, 0), {
      EXECUTED: 60,
      EXPIRED: 25,
      FAILED: 15,
    })) {
      const moves = status === 'EXECUTED';
      const created = on(dayFor(status, moves));
      const toCrypto = rnd.chance(0.2);
      const [cryptoCurrency, cryptoNetwork] = rnd.pick(cryptoOptions);
      const convert = (
        debitCurrency: string,
        debitAmount: Big,
        creditCurrency: string,
        creditDecimals: number,
      ) => {
        const rate = down(price(debitCurrency).div(price(creditCurrency)).times('0.995'), 10);
        const creditAmount = down(debitAmount.times(rate), creditDecimals);
        return { rate, creditAmount: creditAmount.gt(0) ? creditAmount : smallest(creditDecimals) };
      };
      const [from, fromDecimals, to, toDecimals] = toCrypto
        ? [settlement, 2, cryptoCurrency, precisionOf(cryptoCurrency, cryptoNetwork)]
        : [cryptoCurrency, precisionOf(cryptoCurrency, cryptoNetwork), settlement, 2];
      const debitAmount = new Big(worth(eur(50, 3000), from, fromDecimals));
      const quote = convert(from, debitAmount, to, toDecimals);
      const row: Row = {
        ...base,
        debit_currency: from,
        debit_amount: debitAmount.toFixed(),
        credit_currency: to,
        credit_amount: quote.creditAmount.toFixed(),
        rate: quote.rate.toFixed(),
        status,
        ...timestamps(created, IN_FLIGHT.has(status) ? created : after(created, 5, 900)),
      };
      const item = add({ table: 'balance_conversions', row });
      if (moves) {
        item.kind = 'conversion';
        item.prefix = 'balance-conversion';
        item.post = (ledger) => {
          const options = toCrypto ? ([[settlement, null]] as const) : cryptoOptions;
          const d = debit(ledger, b, options, noFee, [10, 40]);
          const target = toCrypto ? cryptoCurrency : settlement;
          const q = convert(d.currency, d.amount, target, toCrypto ? toDecimals : 2);
          Object.assign(row, {
            debit_currency: d.currency,
            debit_amount: d.amount.toFixed(),
            credit_currency: target,
            credit_amount: q.creditAmount.toFixed(),
            rate: q.rate.toFixed(),
          });
          return [
            { account: business(b.id, d.currency), amount: d.amount.times(-1).toFixed() },
            { account: { kind: 'conversion', currency: d.currency }, amount: d.amount.toFixed() },
            { account: { kind: 'conversion', currency: target }, amount: q.creditAmount.times(-1).toFixed() },
            { account: business(b.id, target), amount: q.creditAmount.toFixed() },
          ];
        };
      }
    }
  }

  // Unallocated deposits: the organisation's, allocated to a visible business or not (yet).
  for (const o of ORGANISATION_SETTINGS) {
    const candidates = BUSINESSES.filter((b) => b.organisationId === o.organisationId && !b.hidden);
    for (const status of statuses(
      ACTIVITY_STATUSES.unallocated_deposits,
      o.organisationId === AURORA ? 6 : 0,
      {
        ALLOCATED: 50,
        RETURNED: 25,
        UNALLOCATED: 25,
      },
    )) {
      const created = on(dayFor(status));
      const currency = rnd.pick(o.enabledCryptoCurrencies);
      const network = CURRENCY_SEED.find((c) => c.abbreviation === currency)?.defaultNetwork ?? 'MAIN';
      const allocatedTo = status === 'ALLOCATED' ? rnd.pick(candidates) : null;
      const row: Row = {
        organisation_id: o.organisationId,
        business_id: allocatedTo?.id ?? null,
        currency,
        network,
        amount: worth(eur(20, 1500), currency, precisionOf(currency, network)),
        address: address(currency, network),
        tx_hash: txHash(network),
        status,
        ...timestamps(created, status === 'UNALLOCATED' ? created : after(created, 3600, 7200)),
      };
      const item = add({ table: 'unallocated_deposits', row });
      if (allocatedTo) {
        item.kind = 'unallocated_deposit';
        item.prefix = 'unallocated-deposit';
        item.post = () => [
          { account: external(currency), amount: `-${row.amount as string}` },
          { account: business(allocatedTo.id, currency), amount: row.amount as string },
        ];
      }
    }
  }

  // Ids in creation order per table; deposits name their payment.
  const rows = Object.fromEntries(ACTIVITY_TABLES.map((t) => [t, [] as Row[]])) as Record<
    ActivityTable,
    Row[]
  >;
  const byCreation = (a: Item, b: Item) =>
    (a.row.created_at as Date).getTime() - (b.row.created_at as Date).getTime() || a.seq - b.seq;
  for (const item of [...items].sort(byCreation)) {
    const list = rows[item.table];
    item.row.id = list.length + 1;
    list.push(item.row);
  }
  for (const item of items) if (item.parent) item.row.payment_id = item.parent.id as number;

  // The money, in the order it moved.
  const ledger = new Replay(mulberry32(DEMO_SEED + 1));
  const postings: DemoActivity['postings'] = [];
  const byUpdate = (a: Item, b: Item) =>
    (a.row.updated_at as Date).getTime() - (b.row.updated_at as Date).getTime() || a.seq - b.seq;
  for (const item of items.filter((i) => i.post).sort(byUpdate)) {
    const organisationId = item.row.organisation_id as number;
    const reference = `${item.prefix as string}:${item.row.id as number}`;
    const entryPostings = (item.post as (l: Replay) => PostingInput[])(ledger);
    ledger.apply(organisationId, entryPostings, reference);
    postings.push({
      entry: {
        scope: systemScope(organisationId),
        kind: item.kind as string,
        reference,
        at: item.row.updated_at as Date,
        postings: entryPostings,
      },
      table: item.table,
      row: item.row,
    });
  }
  return { rows, postings };
}
