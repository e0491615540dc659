// The server suite against a real PostgreSQL (the DATABASE_URL mode): a throwaway cluster on loopback,
// from Debian's postgresql package (installed with apt-get when missing and we are root).
// Usage: node scripts/test-server-pg.mjs [extra vitest args]
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function pgBin() {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort().pop() : undefined;
  return version ? join(root, version, 'bin') : undefined;
}

let bin = pgBin();
const isRoot = process.getuid?.() === 0;
if (!bin && isRoot) {
  console.log('PostgreSQL not found: installing Debian\'s "postgresql" package with apt-get…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env });
  bin = pgBin();
}
if (!bin) {
  console.error(
    'PostgreSQL server binaries not found (apt-get install postgresql). Skipping is not an option here.',
  );
  process.exit(1);
}

// initdb refuses to run as root: run the cluster as the package's postgres user.
const asPostgres = (cmd, args) =>
  isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
const dir = mkdtempSync(join(tmpdir(), 'pg-test-'));
chmodSync(dir, 0o777);
const data = join(dir, 'data');
const port = String(56000 + Math.floor(Math.random() * 1000));
const run = (cmd, args) => {
  const [c, a] = asPostgres(cmd, args);
  execFileSync(c, a, { stdio: 'inherit' });
};

let status = 1;
try {
  run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  run(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-w',
    '-l',
    join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  const r = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` },
  });
  status = r.status ?? 1;
} finally {
  try {
    run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']);
  } catch {
    // already down
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
