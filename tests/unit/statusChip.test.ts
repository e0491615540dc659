import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, createBrandTheme, type ThemeMode } from '../../src/brands/theme';
import { BRANDS } from '../../src/domain/brands';
import { STATUS_MEANING, STATUS_MEANINGS, statusMeaning } from '../../src/domain/status';
import { TRANSACTION_STATUSES } from '../../src/domain/transactions';
import { statusColors } from '../../src/layout/StatusChip';

describe('the status table (src/domain/status.ts)', () => {
  const every = Object.entries(TRANSACTION_STATUSES).flatMap(([kind, statuses]) =>
    statuses.map((status) => [kind, status] as const),
  );

  it.each(every)('%s %s has a meaning', (_kind, status) => {
    expect(STATUS_MEANINGS).toContain(STATUS_MEANING[status]);
  });

  it('names no status that no kind has', () => {
    const known = new Set(every.map(([, status]) => status as string));
    expect(Object.keys(STATUS_MEANING).filter((status) => !known.has(status))).toEqual([]);
  });

  it('tells paid, failed, expired and awaiting approval apart', () => {
    expect(
      ['PAID', 'FAILED', 'EXPIRED', 'AWAITING_APPROVAL', 'PENDING'].map((status) => statusMeaning(status)),
    ).toEqual(['success', 'failed', 'neutral', 'attention', 'pending']);
  });

  it('reads an unknown status as neutral', () => {
    expect(statusMeaning('SOMETHING_NEW')).toBe('neutral');
    expect(statusMeaning('toString')).toBe('neutral');
  });
});

describe('the status chip’s contrast', () => {
  const cases = BRANDS.flatMap((brand) =>
    (['light', 'dark'] as ThemeMode[]).flatMap((mode) =>
      STATUS_MEANINGS.map((meaning) => [brand.key, mode, meaning] as const),
    ),
  );

  it('covers the 12 brands', () => {
    expect(BRANDS).toHaveLength(12);
  });

  it.each(cases)('%s %s %s: text and icon reach AA on the chip', (key, mode, meaning) => {
    const theme = createBrandTheme(
      BRANDS.find((b) => b.key === key)!,
      undefined,
      mode,
    );
    const { color, background } = statusColors(theme, meaning);
    expect(getContrastRatio(color, background)).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it('gives the five meanings five different colours in each theme', () => {
    for (const mode of ['light', 'dark'] as ThemeMode[]) {
      const theme = createBrandTheme(BRANDS[0], undefined, mode);
      const colors = STATUS_MEANINGS.map((meaning) => statusColors(theme, meaning).background);
      expect(new Set(colors).size).toBe(STATUS_MEANINGS.length);
    }
  });
});
