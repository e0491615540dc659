/**
 * The repository stands alone: code, tests and docs cite docs/architecture.md and docs/product.md by
 * their headings, never the design or spec documents outside it, and every heading they cite exists.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src', 'server', 'tests', 'scripts', 'docs', 'README.md', 'eslint.config.js'];
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|sql|json|html|css)$/;

function files(path: string): string[] {
  if (statSync(path).isFile()) return TEXT.test(path) ? [path] : [];
  return readdirSync(path).flatMap((name) => files(join(path, name)));
}

const ALL = ROOTS.flatMap(files);
// Written in pieces so that this file does not match itself.
const EXTERNAL = new RegExp(
  [
    'DESIGN' + '\\.md',
    'dashboard-' + 'spec',
    "\\bspec(?:'s)?\\s+(?:\\*\\s+|//\\s+)?" + 'sections?\\s+\\d',
  ].join('|'),
  'i',
);

/** GitHub's anchor of a heading. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');

function anchorsOf(doc: string): Set<string> {
  const text = readFileSync(doc, 'utf8');
  return new Set([...text.matchAll(/^#{2,3} (.+)$/gm)].map((m) => anchor(m[1])));
}

describe('citations', () => {
  it('finds files to check', () => {
    expect(ALL.length).toBeGreaterThan(100);
  });

  it('cite no design or spec document outside the repository', () => {
    const offenders = ALL.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (EXTERNAL.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });

  it('cite headings that docs/architecture.md and docs/product.md have', () => {
    const docs = { architecture: anchorsOf('docs/architecture.md'), product: anchorsOf('docs/product.md') };
    const missing: string[] = [];
    for (const file of ALL) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/docs\/(architecture|product)\.md((?:#[a-z0-9-]+(?:, | and )?)+)/g)) {
        for (const cited of m[2].match(/#[a-z0-9-]+/g) ?? []) {
          if (!docs[m[1] as 'architecture' | 'product'].has(cited.slice(1))) missing.push(`${file}: ${m[0]}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
