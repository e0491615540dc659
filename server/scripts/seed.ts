/**
 * `npm run seed -- [--scale N | --up-to N] [--database-url URL | --data-dir DIR] [--day YYYY-MM-DD]`
 *
 * Brings the database up to date (migrations), seeds the demo data versions it lacks, then, with
 * `--scale N`, adds N payments with their deposits and ledger postings (server/db/seed/scale.ts);
 * `--up-to N` adds what the database lacks of N payments in all. `--day` seeds as if on that day.
 * The database is the server's: DATABASE_URL or the PGlite folder DATA_DIR (default ./.data), or the
 * one named here. A PGlite folder is locked like the server locks it: stop the server first.
 */
import { loadConfig } from '../config';
import { openPg, openPglite, type Db } from '../db/client';
import { ensureDataFolder, lockDataFolder, type FolderLock } from '../db/dataFolder';
import { migrate } from '../db/migrate';
import { applySeeds, demoSeedDay, seedDayOf } from '../db/seed';
import { seedScale } from '../db/seed/scale';

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
  return value;
}

async function main() {
  const args = process.argv.slice(2);
  const known = ['--scale', '--up-to', '--database-url', '--data-dir', '--day'];
  const unknown = args.filter(
    (a, i) => a.startsWith('--') && !known.includes(a) && !known.includes(args[i - 1]),
  );
  if (unknown.length > 0)
    throw new Error(`unknown option ${unknown.join(', ')} (known: ${known.join(', ')})`);
  const config = loadConfig(process.env);
  const scaleText = option(args, 'scale');
  let scale = scaleText === undefined ? 0 : Number(scaleText.replaceAll('_', ''));
  if (!Number.isInteger(scale) || scale < 0)
    throw new Error(`--scale must be a whole number (got ${scaleText})`);
  const databaseUrl =
    option(args, 'database-url') ?? (option(args, 'data-dir') ? undefined : config.databaseUrl);
  const dataDir = option(args, 'data-dir') ?? config.dataDir;
  const day = option(args, 'day');
  const now = day ? new Date(`${day}T00:00:00Z`) : new Date();
  if (Number.isNaN(now.getTime())) throw new Error(`--day must be YYYY-MM-DD (got ${day})`);

  let lock: FolderLock | undefined;
  let db: Db;
  if (databaseUrl) {
    db = openPg(databaseUrl);
  } else {
    if (!dataDir || dataDir.startsWith('memory://'))
      throw new Error('Name a PGlite folder (--data-dir) or --database-url');
    ensureDataFolder(dataDir);
    lock = lockDataFolder(dataDir);
    db = await openPglite(dataDir);
  }
  const where = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;
  try {
    const began = Date.now();
    await migrate(db);
    const seeded = await applySeeds(db, undefined, { now });
    if (seeded.applied.length > 0)
      console.log(`${where}: demo data version ${seeded.applied.join(', ')} seeded`);
    const recorded = await demoSeedDay(db);
    if (recorded)
      console.log(`${where}: the demo is dated from the seed day ${recorded.toISOString().slice(0, 10)}`);
    const upTo = option(args, 'up-to');
    if (upTo !== undefined) {
      // Up to a number of payments in all: what an earlier run added counts.
      const wanted = Number(upTo.replaceAll('_', ''));
      if (!Number.isInteger(wanted) || wanted < 0)
        throw new Error(`--up-to must be a whole number (got ${upTo})`);
      const { rows } = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM payments');
      scale = Math.max(0, wanted - Number(rows[0].n));
    }
    if (scale > 0) {
      const seedDay = recorded ?? seedDayOf(now);
      let last = 0;
      const result = await seedScale(db, {
        payments: scale,
        seedDay,
        onProgress: (done, total) => {
          const percent = Math.floor((done * 100) / total);
          if (percent >= last + 10 || done === total) {
            last = percent;
            console.log(
              `  ${done.toLocaleString('en')} of ${total.toLocaleString('en')} payments (${((Date.now() - began) / 1000).toFixed(0)} s)`,
            );
          }
        },
      });
      const seconds = (Date.now() - began) / 1000;
      console.log(
        `${where}: ${result.payments.toLocaleString('en')} payments, ${result.deposits.toLocaleString('en')} deposits and ` +
          `${result.entries.toLocaleString('en')} ledger entries added in ${seconds.toFixed(1)} s ` +
          `(${Math.round(result.payments / seconds).toLocaleString('en')} payments/s), ids from ${result.firstPaymentId}`,
      );
    } else if (seeded.applied.length === 0) {
      console.log(`${where}: nothing to add (the demo data is up to date; add payments with --scale N)`);
    }
  } finally {
    await db.close();
    lock?.release();
  }
}

main().catch((error: unknown) => {
  console.error(`seed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
