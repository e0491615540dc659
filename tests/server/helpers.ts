/** Shared setup for the server tests: an in-memory PGlite, migrated and seeded, and an app via buildApp. */
import type { BusinessPayload } from '../../src/domain/business';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../server/app';
import type { OrgScope } from '../../server/auth/scope';
import { testConfig, type Config } from '../../server/config';
import type { App } from '../../server/context';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openPg, openPglite, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import {
  applySeeds,
  AURORA,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  ROLES,
  seedDayOf,
} from '../../server/db/seed';
import type { SeededDatabase } from './globalSetup';
import type { Permission } from '../../src/domain/permissions';
import { totpCode } from '../../server/auth/totp';
import { IDENTITY_HEADER } from '../../src/domain/api';

export { DEMO_PASSWORD, DEMO_TOTP_SECRET };

export const START = Date.parse('2026-03-02T09:00:10Z');

/** A clock tests move by hand: `clock.advance(ms)`. */
export function makeClock(start = START) {
  let t = start;
  return {
    now: () => t,
    set: (ms: number) => {
      t = ms;
    },
    advance: (ms: number) => {
      t += ms;
    },
  };
}

/**
 * A database of its own, migrated and seeded: in-memory PGlite, or, when TEST_DATABASE_URL names a
 * PostgreSQL server (`npm run test:server:pg`), a new database created on it. It starts as a copy of
 * the run's seeded database (tests/server/globalSetup.ts) when that one was seeded for today, the day
 * this seed would date its demo activity from (a faked clock or a run past midnight gets its own
 * day's seed); `fresh: true` builds it from nothing whatever the day, for a test that compares the two.
 * migrate and applySeeds still run: they find nothing to do on a copy (0.2–0.5 s of CPU, mostly the new
 * database's first statements, which the test's first would pay otherwise).
 */
export async function makeDb(options: { fresh?: boolean } = {}): Promise<Db> {
  const seeded = options.fresh ? undefined : seededForToday();
  const serverUrl = process.env.TEST_DATABASE_URL;
  const db = serverUrl
    ? await freshPostgres(serverUrl, seeded?.kind === 'postgres' ? seeded.template : undefined)
    : await openPglite(undefined, { fromDump: seeded?.kind === 'pglite' ? seeded.dump : undefined });
  await migrate(db);
  await applySeeds(db);
  return db;
}

/** The run's seeded database when its seed day is today's; undefined without one (no global setup). */
function seededForToday(): SeededDatabase | undefined {
  const seeded = inject('seededDatabase') as SeededDatabase | undefined;
  return seeded?.seedDay === seedDayOf(new Date()).getTime() ? seeded : undefined;
}

/** The URL of each test database on PostgreSQL, for a second pool on it (anotherInstanceDb). */
const databaseUrls = new WeakMap<Db, string>();

/**
 * On PostgreSQL, a second pool on the same database as `db`, as a second API instance would open (the
 * caller closes it); on PGlite, undefined (one process holds the database).
 */
export function anotherInstanceDb(db: Db): Db | undefined {
  const url = databaseUrls.get(db);
  return url === undefined ? undefined : openPg(url);
}

/** A new database on the server, empty or a copy of `template` (a name globalSetup generated). */
async function freshPostgres(serverUrl: string, template?: string): Promise<Db> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = openPg(serverUrl);
  try {
    // Both names are generated (here and in globalSetup.ts), never input.
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openPg(url.toString());
  databaseUrls.set(db, url.toString());
  return db;
}

export interface LoginOptions {
  password?: string;
  twoFaCode?: number | string;
  ip?: string;
  origin?: string;
}

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  clock: ReturnType<typeof makeClock>;
  logs: string[];
  login(email: string, options?: LoginOptions): Promise<LightMyRequestResponse>;
  /** Logs in and returns the token (fails the test when the login fails). */
  token(email: string, options?: LoginOptions): Promise<string>;
  /** Authorization header for a token. */
  auth(token: string): { authorization: string };
  close(): Promise<void>;
}

/**
 * An organisation scope for repository-level tests (the app's own come from `scopeOf(request)`): a
 * session's, Aurora's admin by default. Every field is given, so a new one cannot be left undefined.
 */
export function testScope(
  options: { seesHiddenBusinesses?: boolean; organisationId?: number } = {},
): OrgScope {
  return {
    organisationId: options.organisationId ?? 1,
    userId: 1,
    seesHiddenBusinesses: options.seesHiddenBusinesses ?? false,
    onlyBusinessId: null,
  } as OrgScope;
}

export async function makeApp(
  overrides: Partial<Config> = {},
  options: {
    db?: Db;
    clock?: ReturnType<typeof makeClock>;
    modules?: BuildAppOptions['modules'];
    /** The callback worker's resolver and time limit (server/modules/callbacks/worker.ts). */
    callbacks?: Pick<BuildAppOptions, 'callbackResolver' | 'callbackTimeoutMs'>;
  } = {},
): Promise<TestApp> {
  const db = options.db ?? (await makeDb());
  const clock = options.clock ?? makeClock();
  const config = testConfig({ logLevel: 'info', ...overrides });
  const logs: string[] = [];
  const app = await buildApp({
    db,
    config,
    now: clock.now,
    logStream: { write: (line) => void logs.push(line) },
    modules: options.modules,
    ...options.callbacks,
  });
  await app.ready();

  const login = (email: string, o: LoginOptions = {}) =>
    app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      remoteAddress: o.ip ?? '10.0.0.1',
      headers: o.origin ? { origin: o.origin } : {},
      payload: {
        email,
        password: o.password ?? DEMO_PASSWORD,
        ...(o.twoFaCode !== undefined ? { twoFaCode: o.twoFaCode } : {}),
      },
    });

  return {
    app,
    db,
    config,
    clock,
    logs,
    login,
    async token(email, o) {
      const response = await login(email, o);
      if (response.statusCode !== 200)
        throw new Error(`login ${email}: ${response.statusCode} ${response.body}`);
      return String(response.headers[IDENTITY_HEADER.toLowerCase()]);
    },
    auth: (token) => ({ authorization: `Web ${token}` }),
    async close() {
      await app.close();
      if (!options.db) await db.close();
    },
  };
}

/** The current 6-digit code of the twofa@ demo account at the clock's time, shifted by `steps`. */
export function twoFaCodeAt(nowMs: number, steps = 0, secret = DEMO_TOTP_SECRET): string {
  return totpCode(secret, nowMs + steps * 30_000);
}

/** The smallest valid POST /v1/businesses body: EUR display, BTC deposits, no option on. */
export function minimalBusiness(businessName: string, change: Record<string, unknown> = {}): BusinessPayload {
  return {
    businessName,
    supportedDisplayCurrencies: ['EUR'],
    supportedDepositCurrenciesWithNetworks: { BTC: ['MAIN'] },
    overpaymentPolicy: 'PROCESS',
    refundFollowUpDepositsForOneTimePayments: false,
    blockchainFeePaidBy: 'USER',
    stableCryptoCurrencyDepegThreshold: null,
    userServiceFeeDistributionPercentage: 0,
    ...change,
  } as BusinessPayload;
}

/** Whether a demo account's role in Aurora holds `permission` (the permission-matrix tests' oracle). */
export function demoMay(email: string, permission: Permission): boolean {
  const account = DEMO_ACCOUNTS.find((a) => a.email === email)!;
  const role = ROLES.find(
    (r) => r.name === account.role && (r.organisationId === null || r.organisationId === AURORA),
  )!;
  return role.permissions.includes(permission);
}

/** A fresh 2FA code of the demo 2FA account: each code works once, so the clock moves on first. */
export function nextTwoFaCode(t: { clock: { advance(ms: number): void; now(): number } }): string {
  t.clock.advance(30_000);
  return twoFaCodeAt(t.clock.now());
}
