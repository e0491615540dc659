/**
 * The e2e launch turns the omnibox popup off with a `--disable-features` of its own (scripts/
 * ensure-chromium.mjs). Chromium reads only the last such switch, so ours must repeat every feature
 * Playwright turns off: after a Playwright upgrade that changes its list, this test says so.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { E2E_CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from '../../scripts/ensure-chromium.mjs';

/** The features the installed playwright-core passes in its own `--disable-features`. */
function playwrightsDisabledFeatures(): string[] {
  const root = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const bundle = readFileSync(join(root, 'lib', 'coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(bundle);
  if (!list)
    throw new Error("playwright-core's disabledFeatures list was not found: read its chromiumSwitches");
  return [...list[1].matchAll(/^\s*"([A-Za-z0-9]+)",?\s*$/gm)].map((m) => m[1]);
}

describe("the e2e browser's flags", () => {
  it('repeat every feature Playwright turns off, since Chromium keeps the last --disable-features', () => {
    const theirs = playwrightsDisabledFeatures();
    expect(theirs.length).toBeGreaterThan(5);
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual([...theirs].sort());
  });

  it('pass one --disable-features, with the omnibox popup off as well', () => {
    const switches = E2E_CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    const ours = switches[0].slice('--disable-features='.length).split(',');
    expect(ours).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup']));
  });
});
