/** The audit log's pure rules: which fields a change records, how values read, the list's query. */
import { describe, expect, it } from 'vitest';
import { changesBetween } from '../../server/audit';
import { auditLogQuery, changeLines, changeValueText } from '../../src/domain/auditLog';

describe('changesBetween', () => {
  const before = { name: 'Shop', scopes: ['A'], secretHash: 'h1', note: null as string | null };
  const after = { name: 'Shop two', scopes: ['A'], secretHash: 'h2', note: 'x' as string | null };

  it('gives the listed fields that differ, with their values before and after', () => {
    expect(changesBetween(before, after, ['name', 'scopes', 'note'])).toEqual({
      name: { before: 'Shop', after: 'Shop two' },
      note: { before: null, after: 'x' },
    });
  });

  it('never copies a field it was not given, even one that changed (a secret)', () => {
    expect(changesBetween(before, after, ['name'])).not.toHaveProperty('secretHash');
  });

  it('reads a creation (no before) and a deletion (no after) as changes from and to null', () => {
    expect(changesBetween(null, { name: 'New' }, ['name'])).toEqual({ name: { before: null, after: 'New' } });
    expect(changesBetween({ name: 'Old' }, undefined, ['name'])).toEqual({
      name: { before: 'Old', after: null },
    });
  });

  it('compares lists and objects by value, and undefined as null', () => {
    expect(changesBetween({ a: [1, 2], b: { x: 1 } }, { a: [1, 2], b: { x: 1 } }, ['a', 'b'])).toEqual({});
    expect(changesBetween({ a: undefined }, { a: null }, ['a'])).toEqual({});
  });
});

describe('the dashboard reading of an entry', () => {
  it('reads values as one line of text each', () => {
    expect(changeValueText(null)).toBe('—');
    expect(changeValueText('')).toBe('—');
    expect(changeValueText('EUR')).toBe('EUR');
    expect(changeValueText(0)).toBe('0');
    expect(changeValueText(false)).toBe('false');
    expect(changeValueText(['GET_PAYMENT', 'GET_BALANCES'])).toBe('GET_PAYMENT, GET_BALANCES');
    expect(changeValueText([])).toBe('—');
    expect(changeValueText({ BTC: ['MAIN'] })).toBe('{"BTC":["MAIN"]}');
  });

  it('lists the changed fields in order', () => {
    expect(
      changeLines({ name: { before: 'A', after: 'B' }, scopes: { before: null, after: ['X'] } }),
    ).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'scopes', before: '—', after: 'X' },
    ]);
    expect(changeLines(undefined)).toEqual([]);
  });

  it("turns the list's filter into the API's query: calendar days into after/before instants", () => {
    const query = auditLogQuery({
      q: ' admin ',
      action: 'update',
      entityType: 'business',
      entityId: 7,
      from: '2026-03-01',
      to: '2026-03-02',
    });
    expect(query).toMatchObject({ q: 'admin', action: 'update', entityType: 'business', entityId: '7' });
    // Both days included: from the start of the first to the start of the day after the second.
    const after = new Date(query.after!);
    const before = new Date(query.before!);
    expect(before.getTime() - after.getTime()).toBeGreaterThanOrEqual(2 * 86_400_000 - 3_600_000);
    expect(auditLogQuery({})).toEqual({
      q: undefined,
      actor: undefined,
      action: undefined,
      entityType: undefined,
      entityId: undefined,
      outcome: undefined,
      after: undefined,
      before: undefined,
    });
  });
});
