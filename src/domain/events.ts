/**
 * The live events of GET /v1/events (docs/decisions.md 185–187), shared by the reference API (which
 * filters each stream by them) and the dashboard (which reads the records an event names again).
 *
 * An event is raised by a database trigger (migration 0047) when a movement, a balance or the
 * travel-rule list changes, and (migration 0058) when a callback is written or attempted. It carries ids and names only: the client reads the records again through
 * the API, under its own permissions.
 */
import type { Permission } from './permissions';

/** One event as the stream sends it (the `data:` line, JSON); `id` is also the SSE id. */
export interface LiveEvent {
  id: number;
  organisationId: number;
  /** '<resource>.updated' */
  type: string;
  /** The react-admin resources whose queries the change makes stale. */
  resources: string[];
  /** The record it concerns, when one statement touched one (else null). */
  entityId: string | null;
  businessId: number | null;
}

/**
 * Who may receive an event of each type: a caller whose role holds any one of the permissions (the
 * permission of the list that shows the records, or of the page that acts on them). A type missing
 * here reaches nobody.
 */
export const EVENT_PERMISSIONS: Readonly<Record<string, readonly Permission[]>> = {
  'payments.updated': ['GET_PAYMENT', 'GET_PAYMENTS'],
  // The withdrawals list, and the approvals page (CREATE_WITHDRAWAL).
  'crypto-withdrawals.updated': ['GET_WITHDRAWALS', 'CREATE_WITHDRAWAL'],
  'fiat-deposits.updated': ['GET_FIAT_DEPOSITS'],
  'settlements.updated': ['GET_FIAT_WITHDRAWALS'],
  'internal-transfers.updated': ['GET_INTERNAL_TRANSFERS'],
  'balance-conversions.updated': ['GET_BALANCE_CONVERSIONS'],
  'travel-rule.updated': ['GET_DEPOSITS_WITHOUT_TRAVEL_RULE'],
  'balances.updated': ['GET_BALANCES'],
  // A callback's row changed (migration 0058): whoever reads callbacks of either kind (CALLBACK_READ_PERMISSIONS).
  'callbacks.updated': ['GET_PAYMENTS', 'GET_PAYMENT', 'GET_WITHDRAWALS'],
};

/** Whether a caller holding `permissions` may receive an event of `type` (unknown types: never). */
export function mayReceive(type: string, permissions: readonly string[]): boolean {
  const needed = Object.hasOwn(EVENT_PERMISSIONS, type) ? EVENT_PERMISSIONS[type] : undefined;
  return needed !== undefined && needed.some((p) => permissions.includes(p));
}

/** How long events are kept, and so how far back a reconnecting client is replayed (ms). */
export const EVENT_RETENTION_MS = 5 * 60_000;

/** The path of the stream under /v1. */
export const EVENTS_PATH = 'events';
