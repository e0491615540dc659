/**
 * The audit log as the dashboard reads it (GET /v1/audit-log, docs/decisions.md decisions 153–157):
 * an entry's shape, how a change's values read as text, and how the list's filters become the API's
 * query. Plain TypeScript, shared by the audit-log list and the timelines of the edit pages.
 */
import { dateRangeQuery } from './transactions';

export interface AuditEntry {
  id: number;
  at: string;
  actor: { type: 'user' | 'apiKey' | 'system'; id: string | null; label: string };
  action: string;
  entityType: string;
  entityId: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
  outcome: 'success' | 'refused';
  ip: string | null;
}

/** The actions the API writes today (a later one shows as it is written). */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'revoke',
  'login',
  'access',
  'enable-two-factor',
  'disable-two-factor',
  'change-password',
  'reset-password',
  // A withdrawal's decision (docs/decisions.md 175).
  'approve',
  'reject',
  // A callback resent, a business's callback signing secret rotated (issue 32).
  'resend',
  'rotate-callback-secret',
] as const;

/** The kinds of record the log names (a later one shows as it is written). */
export const AUDIT_ENTITY_TYPES = [
  'business',
  'api-key',
  'user',
  'role',
  'bank-account',
  'whitelisted-address',
  'deposit',
  'transfer',
  'payment-request',
  'conversion',
  'fiat-withdrawal',
  'fiat-deposit',
  'route',
  // Crypto withdrawals and their approval thresholds (docs/decisions.md 175, 177).
  'crypto-withdrawal',
  'withdrawal-threshold',
  // A callback to a merchant (issue 32).
  'callback',
] as const;

export const AUDIT_OUTCOMES = ['success', 'refused'] as const;

/** A value of a change as one line of text: '—' for none, lists joined, objects as JSON. */
export function changeValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return value.length === 0 ? '—' : value.join(', ');
  return JSON.stringify(value);
}

export interface ChangeLine {
  field: string;
  before: string;
  after: string;
}

/** The changes of an entry, one line per field, in the order the API gave them. */
export const changeLines = (changes: AuditEntry['changes'] | undefined): ChangeLine[] =>
  Object.entries(changes ?? {}).map(([field, { before, after }]) => ({
    field,
    before: changeValueText(before),
    after: changeValueText(after),
  }));

/**
 * The list's filter (the URL's: `q`, `action`, `entityType`, `outcome`, calendar days `from`/`to`) as
 * the API's query: the days become instants, `after` the start of `from` and `before` the start of the
 * day after `to`, so both days are included.
 */
export function auditLogQuery(filter: Record<string, unknown>): Record<string, string | undefined> {
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  const { from, to } = dateRangeQuery(filter.from, filter.to);
  return {
    q: text(filter.q),
    actor: text(filter.actor),
    action: text(filter.action),
    entityType: text(filter.entityType),
    entityId:
      text(filter.entityId) ?? (typeof filter.entityId === 'number' ? String(filter.entityId) : undefined),
    outcome: text(filter.outcome),
    after: from,
    before: to,
  };
}
