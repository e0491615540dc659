/** Entry point: config, database, migrations, demo seed, then listen on HOST:PORT. */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDb } from './db/client';
import { migrate } from './db/migrate';
import { applySeeds, DEMO_ACCOUNTS, DEMO_PASSWORD, ORGANISATIONS, SEED_VERSIONS, SeedError } from './db/seed';

async function main() {
  const started = Date.now();
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const reset = config.databaseUrl
    ? 'Point DATABASE_URL at an empty database'
    : `Stop the server, delete ${config.dataDir} (DATA_DIR) and start again`;
  let seeds;
  try {
    seeds = await applySeeds(db);
  } catch (error) {
    if (error instanceof SeedError) {
      console.error(
        `The database (${where}) predates the current demo data, and ${error.message}.\n` +
          `${reset} to get the demo data of this version (that drops what you changed in it).`,
      );
      process.exit(1);
    }
    throw error;
  }
  if (seeds.unknown.length > 0) {
    const latest = Math.max(...SEED_VERSIONS.map((s) => s.version));
    console.warn(
      `Warning: the database (${where}) holds demo data version ${seeds.unknown.join(', ')}, newer than this ` +
        `checkout knows (${latest}): it was seeded by a newer version. ${reset} if pages show unexpected data.`,
    );
  }
  const app = await buildApp({ db, config });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      await app.close();
      await db.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const name = (id: number) => ORGANISATIONS.find((o) => o.id === id)?.name ?? String(id);

  const seeded = seeds.applied.length > 0 ? `, demo data version ${seeds.applied.join(', ')} seeded` : '';
  console.log(
    `\nDashboard and API on http://${host}:${port}  (ready in ${Date.now() - started} ms, ${where}${seeded})`,
  );
  if (config.e2eReset) {
    console.warn(
      'E2E_RESET is set: POST /v1/testing/reset empties the database. Never set it in production.',
    );
  }
  console.log(`OpenAPI: http://${host}:${port}/v1/openapi.json\n`);
  console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length)) + 2;
  for (const a of DEMO_ACCOUNTS) {
    const twoFa = a.totpSecret ? `  (2FA, TOTP secret ${a.totpSecret})` : '';
    console.log(
      `  ${a.email.padEnd(width)}${a.role.padEnd(12)}${a.organisationIds.map(name).join(', ')}${twoFa}`,
    );
  }
}

main().catch((error) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
