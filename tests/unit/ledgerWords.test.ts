/**
 * The transaction ledger report names every entry in words (server/modules/reports/texts.ts): each
 * reference a movement posts ('crypto-withdrawal-hold:129') and each entry kind ('withdrawal_hold').
 * Read from the code that posts them, so a new movement without its words fails here, not in an
 * auditor's spreadsheet.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kindLabel, referenceLabel } from '../../server/modules/reports/texts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const code = ['server/modules', 'server/simulator', 'server/db/seed']
  .flatMap((dir) => sources(dir))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
/** `reference: \`fiat-deposit:${id}\`` in the code that posts entries; the scaled test data's aside. */
const prefixes = [...new Set([...code.matchAll(/reference: `([a-z-]+):\$\{/g)].map((m) => m[1]))].filter(
  (prefix) => prefix !== 'scale',
);
/** The entry kinds beside the postings (`kind: 'withdrawal_hold', reference: …`). */
const kinds = [...new Set([...code.matchAll(/kind: '([a-z_]+)',\s*\n\s*reference:/g)].map((m) => m[1]))];

describe('the ledger report in words', () => {
  it('finds the references and kinds the movements post', () => {
    expect(prefixes).toEqual(expect.arrayContaining(['internal-transfer', 'crypto-withdrawal-hold']));
    expect(kinds).toEqual(expect.arrayContaining(['transfer', 'withdrawal_hold']));
  });

  it('names every reference in English and German', () => {
    for (const locale of ['en', 'de'] as const) {
      expect(prefixes.filter((prefix) => referenceLabel(`${prefix}:7`, locale) === `${prefix}:7`)).toEqual(
        [],
      );
    }
  });

  it('names every entry kind (a kind missing from the table would fall back to its English words)', () => {
    const fallback = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1).replace(/_/g, ' ');
    expect(kinds.filter((kind) => kindLabel(kind, 'de') === fallback(kind))).toEqual([]);
  });
});
