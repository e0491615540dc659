/** Server configuration from the environment (docs/architecture.md#stack, server/README in the brief). */
import { fileURLToPath } from 'node:url';
import { findBrand, BRANDS, DEFAULT_BRAND } from '../src/domain/brands';
import { allowedAddresses } from './lib/outboundUrl';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** PGlite data directory; `memory://` (or '') keeps the database in memory. */
  dataDir: string;
  brand: string;
  /** Origin of the API as the dashboard should call it ('' = same origin as the dashboard). */
  apiUrl: string;
  /** Public origin of the dashboard, used in the reset-password link ('' = http://HOST:PORT). */
  publicUrl: string;
  corsOrigins: string[];
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerIp: number;
  loginWindowMinutes: number;
  resetTokenMinutes: number;
  /** Forgot-password requests per account (email) and per IP within LOGIN_WINDOW_MINUTES. */
  forgotPasswordMaxPerAccount: number;
  forgotPasswordMaxPerIp: number;
  /** Global per-IP request limit (@fastify/rate-limit), requests per minute. */
  rateLimitPerMinute: number;
  /** A connection silent this long outside a request is closed (ms; 0 never). */
  connectionIdleMs: number;
  /** Open connections per client address (0: no cap; behind a proxy every client is the proxy). */
  maxConnectionsPerIp: number;
  /** Trust X-Forwarded-For (only behind a proxy you control). */
  trustProxy: boolean;
  /** Exports and reports under way at once per user and per instance (beyond them a 429). */
  heavyWorkPerUser: number;
  heavyWorkGlobal: number;
  /** Rows of one CSV export at most (beyond it the file is cut and says so in X-Export-Truncated). */
  exportRowCap: number;
  /** The provider's legal name and postal address (lines): the letterhead of the balance confirmation. */
  providerLegalName: string;
  providerAddress: string[];
  /**
   * The provider's collection account a fiat deposit is paid to (the instructions of POST
   * /v1/payment/deposits/fiat): FIAT_DEPOSIT_IBAN and FIAT_DEPOSIT_BIC, a published example by default.
   */
  fiatDepositAccount: { iban: string; bic: string };
  logLevel: string;
  /** The built dashboard served statically. */
  distDir: string;
  /** Test mode only (E2E_RESET=1): POST /v1/testing/reset empties the database and seeds it again. */
  e2eReset: boolean;
  /**
   * Seed the demo data (SEED_DEMO=1 or --seed-demo; SEED_DEMO=0 or --no-seed-demo refuses it). `auto`
   * (unset) seeds only a PGlite data folder that this start created new (server/start.ts).
   */
  seedDemo: boolean | 'auto';
  /** The simulator (server/simulator/index.ts) runs its steps (SIMULATOR=off stops it; tests: off). */
  simulator: boolean;
  /** Milliseconds between two simulator ticks (SIMULATOR_INTERVAL_MS). */
  simulatorIntervalMs: number;
  /** Milliseconds between two heartbeats of an event stream, each re-checking its session (EVENTS_HEARTBEAT_MS). */
  eventsHeartbeatMs: number;
  /** The callbacks' delivery worker runs (CALLBACKS=off stops it; tests: off and call its tick). */
  callbacks: boolean;
  /** Milliseconds between two claim rounds of the worker; a written callback wakes it at once (CALLBACKS_INTERVAL_MS). */
  callbacksIntervalMs: number;
  /**
   * Internal addresses a callback may still be sent to, as `address:port` (CALLBACK_ALLOWED_ADDRESSES,
   * comma separated): a receiver on the operator's machine or network. Every other loopback, private
   * or link-local address is refused at each send.
   */
  callbackAllowedAddresses: string[];
  /**
   * The demo merchant receiver (CALLBACK_DEMO_RECEIVER, on by default): this server answers the demo
   * data's callback hosts itself, and a callback to one of them is sent to this server's own address
   * and port (server/modules/callbacks/demoReceiver.ts).
   */
  callbackDemoReceiver: boolean;
}

export class ConfigError extends Error {}

const DEFAULT_DIST = fileURLToPath(new URL('../dist', import.meta.url));

function int(env: Record<string, string | undefined>, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`${name} must be an integer >= ${min} (got "${raw}")`);
  }
  return value;
}

function origin(name: string, raw: string): string {
  const value = raw.trim().replace(/\/+$/, '');
  if (value === '') return '';
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    return url.pathname === '/' ? url.origin : `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL (got "${raw}")`);
  }
}

/** A letterhead text: one line, no control characters, at most `max` characters. */
function letterheadText(name: string, raw: string, max: number): string {
  const value = raw.trim();
  // eslint-disable-next-line no-control-regex
  if (Array.from(value).length > max || /[\u0000-\u001F\u007F-\u009F]/.test(value)) {
    throw new ConfigError(`${name} must be one line of at most ${max} characters`);
  }
  return value;
}

/** FIAT_DEPOSIT_IBAN and FIAT_DEPOSIT_BIC: the provider's collection account (default: a published example). */
function fiatDepositAccount(env: Record<string, string | undefined>): { iban: string; bic: string } {
  const iban = (env.FIAT_DEPOSIT_IBAN ?? '').replace(/\s/g, '').toUpperCase() || 'GB33BUKB20201555555555';
  const bic = (env.FIAT_DEPOSIT_BIC ?? '').trim().toUpperCase() || 'BUKBGB22';
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/.test(iban))
    throw new ConfigError('FIAT_DEPOSIT_IBAN is not an IBAN');
  if (!/^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(bic)) throw new ConfigError('FIAT_DEPOSIT_BIC is not a BIC');
  return { iban, bic };
}

/** PROVIDER_ADDRESS: lines separated by '|', at most 5 (default: a demo address). */
function providerAddress(env: Record<string, string | undefined>): string[] {
  const raw = (env.PROVIDER_ADDRESS ?? '').trim() || DEMO_PROVIDER_ADDRESS;
  const lines = raw
    .split('|')
    .map((line) => letterheadText('PROVIDER_ADDRESS', line, 100))
    .filter(Boolean);
  if (lines.length > 5) throw new ConfigError('PROVIDER_ADDRESS must have at most 5 lines (separated by |)');
  return lines;
}

/** The demo's letterhead address (a deployment sets PROVIDER_ADDRESS). */
export const DEMO_PROVIDER_ADDRESS = 'Friedrichstraße 100|10117 Berlin|Germany';

const YES = ['1', 'true', 'yes'];
const NO = ['0', 'false', 'no'];

function seedDemo(env: Record<string, string | undefined>, argv: readonly string[]): boolean | 'auto' {
  if (argv.includes('--seed-demo')) return true;
  if (argv.includes('--no-seed-demo')) return false;
  const raw = (env.SEED_DEMO ?? '').trim().toLowerCase();
  if (raw === '') return 'auto';
  if (YES.includes(raw)) return true;
  if (NO.includes(raw)) return false;
  throw new ConfigError(`SEED_DEMO must be 1 or 0 (got "${env.SEED_DEMO}")`);
}

/** CALLBACK_ALLOWED_ADDRESSES: `address:port` entries, comma separated (an IPv6 address in brackets). */
function callbackAllowedAddresses(raw: string): string[] {
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  try {
    allowedAddresses(entries);
  } catch {
    throw new ConfigError(
      `CALLBACK_ALLOWED_ADDRESSES must list address:port entries, e.g. 127.0.0.1:9000,[::1]:9000 (got "${raw}")`,
    );
  }
  return entries;
}

/** An on/off switch: on, off, 1, 0, true, false, yes, no (unset: the fallback). */
function onOff(env: Record<string, string | undefined>, name: string, fallback: boolean): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '') return fallback;
  if (raw === 'on' || YES.includes(raw)) return true;
  if (raw === 'off' || NO.includes(raw)) return false;
  throw new ConfigError(`${name} must be on or off (got "${env[name]}")`);
}

/**
 * Pure: reads the configuration from an environment map (and the command line's flags, e.g.
 * `--seed-demo`); throws ConfigError with a clear message.
 */
export function loadConfig(env: Record<string, string | undefined>, argv: readonly string[] = []): Config {
  const brand = (env.BRAND ?? '').trim() || DEFAULT_BRAND;
  if (!findBrand(brand)) {
    throw new ConfigError(`Unknown BRAND "${brand}". Known brands: ${BRANDS.map((b) => b.key).join(', ')}`);
  }
  const corsOrigins = (env.CORS_ORIGINS ?? 'http://127.0.0.1:5173,http://localhost:5173')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => origin('CORS_ORIGINS', o));
  return {
    port: int(env, 'PORT', 8080, 0),
    host: (env.HOST ?? '').trim() || '127.0.0.1',
    databaseUrl: (env.DATABASE_URL ?? '').trim() || undefined,
    dataDir: (env.DATA_DIR ?? '').trim() || './.data',
    brand,
    apiUrl: origin('API_URL', env.API_URL ?? ''),
    publicUrl: origin('PUBLIC_URL', env.PUBLIC_URL ?? ''),
    corsOrigins,
    sessionIdleMinutes: int(env, 'SESSION_IDLE_MINUTES', 30),
    sessionAbsoluteHours: int(env, 'SESSION_ABSOLUTE_HOURS', 12),
    loginMaxFailuresPerAccount: int(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 5),
    loginMaxFailuresPerIp: int(env, 'LOGIN_MAX_FAILURES_PER_IP', 20),
    loginWindowMinutes: int(env, 'LOGIN_WINDOW_MINUTES', 15),
    resetTokenMinutes: int(env, 'RESET_TOKEN_MINUTES', 30),
    forgotPasswordMaxPerAccount: int(env, 'FORGOT_PASSWORD_MAX_PER_ACCOUNT', 3),
    forgotPasswordMaxPerIp: int(env, 'FORGOT_PASSWORD_MAX_PER_IP', 10),
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 1000),
    connectionIdleMs: int(env, 'CONNECTION_IDLE_MS', 30_000, 0),
    maxConnectionsPerIp: int(env, 'MAX_CONNECTIONS_PER_IP', 64, 0),
    trustProxy: YES.includes((env.TRUST_PROXY ?? '').trim().toLowerCase()),
    heavyWorkPerUser: int(env, 'EXPORTS_MAX_PER_USER', 2),
    heavyWorkGlobal: int(env, 'EXPORTS_MAX_GLOBAL', 8),
    exportRowCap: int(env, 'EXPORT_ROW_CAP', 100_000),
    // The demo's legal name is the brand's name with a company form; a deployment sets its own.
    providerLegalName:
      letterheadText('PROVIDER_LEGAL_NAME', env.PROVIDER_LEGAL_NAME ?? '', 120) ||
      `${findBrand(brand)!.name} GmbH`,
    providerAddress: providerAddress(env),
    fiatDepositAccount: fiatDepositAccount(env),
    logLevel: (env.LOG_LEVEL ?? '').trim() || 'info',
    distDir: (env.DIST_DIR ?? '').trim() || DEFAULT_DIST,
    e2eReset: YES.includes((env.E2E_RESET ?? '').trim().toLowerCase()),
    seedDemo: seedDemo(env, argv),
    simulator: onOff(env, 'SIMULATOR', true),
    simulatorIntervalMs: int(env, 'SIMULATOR_INTERVAL_MS', 5_000, 100),
    eventsHeartbeatMs: int(env, 'EVENTS_HEARTBEAT_MS', 15_000, 100),
    callbacks: onOff(env, 'CALLBACKS', true),
    callbacksIntervalMs: int(env, 'CALLBACKS_INTERVAL_MS', 1_000, 50),
    callbackAllowedAddresses: callbackAllowedAddresses(env.CALLBACK_ALLOWED_ADDRESSES ?? ''),
    callbackDemoReceiver: onOff(env, 'CALLBACK_DEMO_RECEIVER', true),
  };
}

/** The defaults with an in-memory database and silent logs, plus overrides: for tests. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // The simulator and the callback worker stay off in tests unless a test turns them on (or calls a
  // step or the worker's tick itself).
  return {
    ...loadConfig({}),
    dataDir: 'memory://',
    logLevel: 'silent',
    simulator: false,
    callbacks: false,
    ...overrides,
  };
}
