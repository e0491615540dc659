/**
 * `npm ci` on the Node the project declares (package.json `engines`) must say nothing: no package that
 * asks for a newer Node (EBADENGINE), and no install script npm has not been told to run or to skip
 * (`allowScripts`). The lockfile carries each installed package's `engines` and `hasInstallScript`, so
 * an upgrade that brings either back fails here before anyone installs it (decision 229).
 *
 * The ranges are read with `semver`, the package npm itself uses, installed here as a dependency of
 * fastify and others (not one of ours, so it is required rather than imported: it has no types).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

interface Semver {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string, options: { includePrerelease: boolean }): boolean;
}
const semver = createRequire(import.meta.url)('semver') as Semver;

interface LockedPackage {
  name?: string;
  version?: string;
  engines?: Record<string, string> | string[];
  hasInstallScript?: boolean;
}

/** Read from the repository's root, where Vitest runs (as tests/unit/guide.test.ts reads). */
function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

const manifest = readJson<{ engines: { node: string }; allowScripts?: Record<string, boolean> }>(
  'package.json',
);
const lock = readJson<{ packages: Record<string, LockedPackage> }>('package-lock.json');

/** Every installed package, by its name (the last `node_modules/` segment of its path) and version. */
const installed = Object.entries(lock.packages)
  .filter(([path]) => path !== '')
  .map(([path, entry]) => ({
    name: entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length),
    ...entry,
  }));

describe('the installed packages', () => {
  it('all run on the oldest Node the project declares', () => {
    const oldest = semver.minVersion(manifest.engines.node)?.version;
    expect(oldest).toBeDefined();
    // As npm checks them (npm-install-checks): `engines.node` read with prereleases included.
    const refusing = installed
      .filter((pkg) => !Array.isArray(pkg.engines) && pkg.engines?.node)
      .map((pkg) => ({
        id: `${pkg.name}@${pkg.version}`,
        wanted: (pkg.engines as Record<string, string>).node,
      }))
      .filter(({ wanted }) => !semver.satisfies(oldest as string, wanted, { includePrerelease: true }))
      .map(({ id, wanted }) => `${id} wants node ${wanted}`);
    expect(refusing).toEqual([]);
  });

  it('have every install script approved or denied in package.json allowScripts', () => {
    const allowed = Object.keys(manifest.allowScripts ?? {});
    const unreviewed = installed
      .filter((pkg) => pkg.hasInstallScript)
      .map((pkg) => `${pkg.name}@${pkg.version}`)
      .filter((id) => !allowed.some((key) => key === id || key === id.slice(0, id.lastIndexOf('@'))));
    expect(unreviewed).toEqual([]);
  });
});
