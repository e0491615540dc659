/**
 * A record's page (issue 32 §2): what `GET /v1/records/{kind}/{id}` answers in one call, organisation-
 * scoped and permission-filtered like the record itself. Plain TypeScript shared by the reference API
 * (server/modules/records) and the dashboard's record pages.
 *
 * The kinds are the dashboard's transaction resources, plus a payment's deposit.
 */
import type { CallbackRow } from './callbacks';

export const RECORD_KINDS = [
  'payments',
  'payment-deposits',
  'crypto-withdrawals',
  'fiat-deposits',
  'whitelabel-fiat-deposits',
  'settlements',
  'internal-transfers',
  'unassociated-deposits',
  'manual-movements',
  'balance-conversions',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export interface RecordActor {
  type: 'user' | 'apiKey' | 'system';
  id: string | null;
  /** The user's e-mail, the key's name, 'Simulator', 'Demo data'. */
  label: string;
}

/** What a step of the timeline tells. */
export const TIMELINE_STEP_TYPES = [
  'created',
  'deposit_seen',
  'confirmation',
  'held',
  'approval_requested',
  'approved',
  'rejected',
  'broadcast',
  'executed',
  'credited',
  'paid',
  'settled',
  'completed',
  'failed',
  'expired',
  'cancelled',
  'refunded',
  'status',
  'callback',
  'audit',
] as const;
export type TimelineStepType = (typeof TIMELINE_STEP_TYPES)[number];

/** One step of a record's life, oldest first. */
export interface TimelineStep {
  at: string;
  type: TimelineStepType;
  /** Who did it (null: not known). */
  actor: RecordActor | null;
  /** Where it came from. */
  source: 'dashboard' | 'api' | 'simulator' | 'system';
  /** The record's status after this step, where it changed. */
  status?: string;
  /** Whether the actor's 2FA code was checked (approvals, decisions). */
  twoFactor?: boolean;
  /** A deposit's confirmations after this step, of those required. */
  confirmations?: { count: number; required: number };
  /** The deposit this step is about (a payment's timeline shows its deposits' steps). */
  depositId?: string;
  /** A failure's or a rejection's reason. */
  reason?: string;
  /** A callback delivery: attempt n of m, with its answer. */
  callback?: {
    id: number;
    eventType: string;
    attempt: number;
    of: number;
    statusCode: number | null;
    error: string | null;
    status: CallbackRow['status'];
  };
  /** An audited change: its action and changes (docs/decisions.md 153–157). */
  audit?: { action: string; changes: Record<string, { before: unknown; after: unknown }> };
}

/** One posting of a ledger entry the record posted. */
export interface RecordPosting {
  /** 'available' and 'held' are a business's accounts; the others the organisation's. */
  account: 'available' | 'held' | 'external' | 'fee' | 'conversion';
  businessId: number | null;
  businessName: string | null;
  currency: string;
  /** Signed decimal string: + credits the account. */
  amount: string;
  /** The business account's balance right after (null for the organisation's accounts). */
  balanceAfter: string | null;
}

export interface RecordLedgerEntry {
  entryId: number;
  kind: string;
  description: string | null;
  createdAt: string;
  postings: RecordPosting[];
}

/** A record linked to this one (both ways: a deposit names its payment, the payment its deposits). */
export interface RelatedRecord {
  /** A record kind, or a page of its own ('businesses', 'whitelisted-addresses', 'bank-accounts'). */
  kind: RecordKind | 'businesses' | 'whitelisted-addresses' | 'bank-accounts';
  id: string;
  /** How it relates: 'deposit', 'payment', 'whitelisted-address', 'bank-account', 'fee', 'counterparty', … */
  relation: string;
  label: string;
  status: string | null;
  businessId: number | null;
}

/** The page's header. */
export interface RecordHeader {
  kind: RecordKind;
  id: string;
  amount: string;
  currency: string;
  status: string;
  businessId: number;
  businessName: string;
  reference: string | null;
  createdAt: string;
}

/** `GET /v1/records/{kind}/{id}`. */
export interface RecordPage {
  header: RecordHeader;
  /** The record as its own GET answers it. */
  record: Record<string, unknown>;
  timeline: TimelineStep[];
  ledger: RecordLedgerEntry[];
  related: RelatedRecord[];
  /** Its callbacks (empty when it has none, or the caller may not read them). */
  callbacks: CallbackRow[];
  /** What this user may do now. */
  actions: { approve: boolean; reject: boolean; resendCallback: boolean };
}

/** `GET /v1/businesses/{id}/overview`: the business page's header. */
export interface BusinessOverview {
  businessId: number;
  settlementCurrency: string;
  /** Per currency (null: the caller lacks GET_BALANCES). */
  balances: { currency: string; available: string; held: string }[] | null;
  /** The last 30 days' volume per currency (null: the caller may read no payments). */
  volume30d: { currency: string; deposits: string; withdrawals: string; count: number }[] | null;
  /** Callback health (null: the caller may read no callbacks). */
  callbacks: {
    /** Callbacks with an attempt in the last 24 h, and those of them delivered. */
    total24h: number;
    delivered24h: number;
    /** delivered24h / total24h, or null when total24h is 0. */
    deliveredShare: number | null;
    /** RETRYING or FAILED now. */
    failingNow: number;
    lastFailureAt: string | null;
  } | null;
}
