import { describe, expect, it } from 'vitest';
import { businessPath, recordPath } from '../../src/domain/recordPaths';
import { TRANSACTION_KINDS } from '../../src/resources/transactions/kinds';

describe('record paths', () => {
  it('every transaction resource has its own address under its business tab', () => {
    for (const kind of TRANSACTION_KINDS) {
      expect(recordPath(kind.resource, 3, 'abc') ?? kind.resource).toMatch(
        /^\/businesses\/3\/show\/[a-z-]+(\/white-label)?\/abc$/,
      );
    }
  });

  it('names the tab, keeps white-label fiat deposits apart and escapes the id', () => {
    expect(recordPath('payments', 1, 42)).toBe('/businesses/1/show/deposits/42');
    expect(recordPath('whitelabel-fiat-deposits', 1, 7)).toBe(
      '/businesses/1/show/fiat-deposits/white-label/7',
    );
    expect(recordPath('fiat-deposits', 1, 'a/b')).toBe('/businesses/1/show/fiat-deposits/a%2Fb');
    expect(recordPath('unknown', 1, 1)).toBeUndefined();
    expect(businessPath(9)).toBe('/businesses/9/show');
  });
});
