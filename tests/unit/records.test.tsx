/**
 * The parts of a record's own page: the block explorer table (per network, MAIN as the coin's chain, a
 * brand's overrides), the middle shortening and copy of ids, hashes and addresses, the rule that an
 * amount column sorts only within one currency, the details' sections, and the neighbours walked by
 * previous/next.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminContext } from 'react-admin';
import type { ReactNode } from 'react';
import { BrandProvider } from '../../src/brands';
import { mergeBrand } from '../../src/brands/loadBrand';
import { chainOf, EXPLORERS, explorerUrl } from '../../src/domain/explorers';
import { CodeValue, shortenMiddle } from '../../src/layout';
import { layoutMessages } from '../../src/layout/messages';
import { neighbours, belongsTo } from '../../src/resources/transactions/DetailsDrawer';
import { groupOf, kindOf, sortsNow, TRANSACTION_KINDS } from '../../src/resources/transactions/kinds';
import { transactionMessages } from '../../src/resources/transactions/messages';
import { transactionMessagesDe } from '../../src/resources/transactions/messages.de';
import { isNumeric } from '../../src/resources/transactions/TransactionList';
import { FieldValue } from '../../src/resources/transactions/values';
import { formatRate } from '../../src/i18n/format';

describe('block explorers', () => {
  it('links a hash and an address of each chain, MAIN being the coin’s own', () => {
    expect(chainOf('BTC', 'MAIN')).toBe('BTC');
    expect(chainOf('USDT', 'TRX')).toBe('TRX');
    expect(explorerUrl('tx', 'abc', { currency: 'BTC', network: 'MAIN' })).toBe(
      'https://mempool.space/tx/abc',
    );
    expect(explorerUrl('address', '0xdef', { currency: 'USDT', network: 'ETH' })).toBe(
      'https://etherscan.io/address/0xdef',
    );
    // The value is a path segment: encoded.
    expect(explorerUrl('tx', 'a/b?c', { currency: 'ETH', network: 'ETH' })).toBe(
      'https://etherscan.io/tx/a%2Fb%3Fc',
    );
    for (const [chain, templates] of Object.entries(EXPLORERS)) {
      expect(templates.tx, chain).toMatch(/^https:\/\/.+\{value\}/);
      expect(templates.address, chain).toMatch(/^https:\/\/.+\{value\}/);
    }
  });

  it('has no link without a network, for an unknown chain, or where a brand switched it off', () => {
    expect(explorerUrl('tx', 'abc', { currency: 'BTC' })).toBeUndefined();
    expect(explorerUrl('tx', 'abc', { currency: 'X', network: 'NOPE' })).toBeUndefined();
    expect(explorerUrl('tx', 'abc', { currency: 'BTC', network: 'MAIN' }, { BTC: null })).toBeUndefined();
    expect(
      explorerUrl('tx', 'abc', { network: 'TRX' }, { TRX: { tx: 'https://x.test/t/{value}', address: '' } }),
    ).toBe('https://x.test/t/abc');
  });
});

describe('shortening in the middle', () => {
  it('keeps a short value whole and shortens a long one around an ellipsis', () => {
    expect(shortenMiddle('ORD-189462')).toBe('ORD-189462');
    const hash = '97f56def66f046d43a6c1577a78409e2eab8b292f1620e92d20283621b5ade3d';
    expect(shortenMiddle(hash)).toBe('97f56def…5ade3d');
  });
});

const brand = mergeBrand({ value: 'local' } as Parameters<typeof mergeBrand>[0]);
const i18n = {
  translate: (key: string, options?: Record<string, unknown>) => {
    const value = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], layoutMessages);
    return typeof value === 'string'
      ? value.replace(/%\{(\w+)\}/g, (_, name: string) => String(options?.[name] ?? ''))
      : key;
  },
  changeLocale: () => Promise.resolve(),
  getLocale: () => 'en',
};
const wrap = (node: ReactNode) =>
  render(
    <BrandProvider brand={brand}>
      <AdminContext i18nProvider={i18n}>{node}</AdminContext>
    </BrandProvider>,
  );

describe('CodeValue', () => {
  afterEach(() => vi.restoreAllMocks());
  const HASH = '97f56def66f046d43a6c1577a78409e2eab8b292f1620e92d20283621b5ade3d';

  it('shows a hash shortened, whole for screen readers, with a copy button that says it copied', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const rowClick = vi.fn();
    wrap(
      <div onClick={rowClick}>
        <CodeValue
          value={HASH}
          label="Transaction hash"
          shorten
          explorer={{ target: 'tx', currency: 'BTC', network: 'MAIN' }}
        />
      </div>,
    );
    expect(screen.getByText('97f56def…5ade3d').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText(HASH)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Transaction hash in the block explorer' }).getAttribute('href'),
    ).toBe(`https://mempool.space/tx/${HASH}`);
    await user.click(screen.getByRole('button', { name: 'Copy Transaction hash' }));
    expect(writeText).toHaveBeenCalledWith(HASH);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Transaction hash copied'));
    // The copy does not open the row around it.
    expect(rowClick).not.toHaveBeenCalled();
  });

  it('says so when the browser refuses the clipboard', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    wrap(<CodeValue value="ORD-1" label="Reference" />);
    expect(screen.getByText('ORD-1')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy Reference' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Could not copy/));
  });
});

describe('the transaction kinds', () => {
  it('sorts an amount only within the currency the filter fixes, never across currencies', () => {
    const payments = kindOf('payments');
    const price = payments.fields.find((f) => f.source === 'priceAmount')!;
    // The filter fixes the deposit currency, not the price's: never.
    expect(sortsNow(payments, price, { currency: 'BTC' })).toBe(false);
    const withdrawals = kindOf('crypto-withdrawals');
    const amount = withdrawals.fields.find((f) => f.source === 'amount')!;
    expect(sortsNow(withdrawals, amount, {})).toBe(false);
    expect(sortsNow(withdrawals, amount, { currency: 'BTC' })).toBe(true);
    // Conversions match the currency on either side: never.
    const conversions = kindOf('balance-conversions');
    const debit = conversions.fields.find((f) => f.source === 'debitAmount')!;
    expect(sortsNow(conversions, debit, { currency: 'EUR' })).toBe(false);
    // Other columns always.
    const created = withdrawals.fields.find((f) => f.source === 'createdAt')!;
    expect(sortsNow(withdrawals, created, {})).toBe(true);
  });

  it('shows a conversion’s rate at six significant digits, right-aligned, never as the API writes it', () => {
    const rate = kindOf('balance-conversions').fields.find((f) => f.source === 'rate')!;
    expect(isNumeric(rate)).toBe(true);
    wrap(<FieldValue field={rate} record={{ rate: '59884.2592592592' }} />);
    expect(screen.getByText(formatRate('59884.2592592592'))).toBeTruthy();
    expect(screen.queryByText('59884.2592592592')).toBeNull();
  });

  it('labels every field in English and German, and groups the details', () => {
    const en = transactionMessages.resources as unknown as Record<string, { fields: Record<string, string> }>;
    const de = transactionMessagesDe.resources as unknown as Record<
      string,
      { fields: Record<string, string> }
    >;
    for (const kind of TRANSACTION_KINDS) {
      for (const field of kind.fields) {
        expect(en[kind.resource].fields[field.source], `${kind.resource}.${field.source}`).toBeTruthy();
        expect(de[kind.resource].fields[field.source], `${kind.resource}.${field.source} (de)`).toBeTruthy();
      }
    }
    const payments = kindOf('payments');
    const group = (source: string) => groupOf(payments.fields.find((f) => f.source === source)!);
    expect([group('reference'), group('priceAmount'), group('depositNetwork'), group('expiresAt')]).toEqual([
      'overview',
      'amounts',
      'chain',
      'dates',
    ]);
  });
});

describe('previous and next', () => {
  const rows = [{ id: 3 }, { id: 2 }, { id: 1 }];
  it('walks the page and stops at its ends', () => {
    expect(neighbours(rows, '2')).toEqual({ index: 1, previous: { id: 3 }, next: { id: 1 } });
    expect(neighbours(rows, '3').previous).toBeUndefined();
    expect(neighbours(rows, '1').next).toBeUndefined();
    expect(neighbours(rows, '9')).toEqual({ index: -1, previous: undefined, next: undefined });
  });

  it('knows a record of the business shown, a transfer by either side', () => {
    expect(belongsTo({ id: 1, businessId: 1 }, 1)).toBe(true);
    expect(belongsTo({ id: 1, businessId: 2, toBusinessId: 1 }, '1')).toBe(true);
    expect(belongsTo({ id: 1, businessId: 2 }, 1)).toBe(false);
  });
});
