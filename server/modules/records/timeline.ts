/**
 * A record's timeline (issue 32 §2, docs/decisions.md 242–243), assembled from what the database keeps
 * of it, oldest first, never a step the data cannot support:
 *
 * - **created** (a deposit: **deposit_seen**) at the row's created_at, by the actor of its audit
 *   'create' row (a user or an API key), else the row's created_by, else the simulator for a deposit of
 *   a payment request, else not known (the demo history);
 * - each **status change** and, for a deposit, each **confirmation** from record_history (migration
 *   0060), by the actor of the audit row written in the same transaction (audit_log.xact, migration
 *   0061) with whether its 2FA code was checked, else by the simulator. A record that has no history
 *   (created in its state, or before the history existed, as the demo data) shows its current status at
 *   its updated_at when that status is not one it is created in;
 * - a withdrawal's hold (**held**, its hold entry), its request for approval, its decision (who, with
 *   2FA, and a rejection's reason; approved at once under the threshold by the 'Approval threshold');
 * - a failure's **reason** from simulator_failures, on the FAILED/CANCELLED step of that moment, or as a
 *   **failed** step of its own (the step failed without a status, e.g. a deposit never received);
 * - each **callback** attempt (attempt n of m, its status code or error; a SKIPPED callback once);
 * - every other audited change as an **audit** step, and the audit's action and changes on the steps it
 *   explains, only for a reader of the audit log (GET_AUDIT_LOG).
 */
import { CALLBACK_MAX_ATTEMPTS, type CallbackStatus } from '../../../src/domain/callbacks';
import type { RecordActor, TimelineStep, TimelineStepType } from '../../../src/domain/records';
import type {
  AttemptRow,
  AuditFactRow,
  CallbackFactRow,
  FactsRow,
  FailureRow,
  HistoryRow,
} from './repository';

export const SIMULATOR: RecordActor = { type: 'system', id: null, label: 'Simulator' };
export const CALLBACK_WORKER: RecordActor = { type: 'system', id: null, label: 'Callback delivery' };
export const APPROVAL_THRESHOLD: RecordActor = { type: 'system', id: null, label: 'Approval threshold' };

const userActor = (id: number | null, email: string | null): RecordActor | null =>
  id === null || email === null ? null : { type: 'user', id: String(id), label: email };

const auditActor = (row: AuditFactRow): RecordActor => ({
  type: row.actorType,
  id: row.actorId,
  label: row.actorLabel,
});

/** Where a step came from: a user's session is the dashboard, an API key the API. */
export function sourceOf(actor: RecordActor | null): TimelineStep['source'] {
  if (actor === null) return 'system';
  if (actor.type === 'user') return 'dashboard';
  if (actor.type === 'apiKey') return 'api';
  return actor === SIMULATOR || actor.label === SIMULATOR.label ? 'simulator' : 'system';
}

/** What a kind's timeline needs to know of its statuses. */
export interface TimelineKind {
  /** Statuses a record of the kind is created in: no step of their own. */
  initial: readonly string[];
  /** The step a status reached is (others: 'status'). */
  steps: Readonly<Record<string, TimelineStepType>>;
  /** A record created in one of these asks for something: a step at its creation (awaiting approval). */
  createdSteps?: Readonly<Record<string, TimelineStepType>>;
}

/** One record's facts, for its own steps. */
export interface RecordFacts {
  facts: FactsRow;
  history: readonly HistoryRow[];
  audit: readonly AuditFactRow[];
  failures: readonly FailureRow[];
  /** Who created it when nothing else says (the simulator, for a deposit of a payment request). */
  defaultCreator?: RecordActor | null;
  /** A deposit: its steps name it, its first step is deposit_seen with its confirmations. */
  deposit?: { required: number };
  /** A crypto withdrawal's hold entry's time (its 'held' step). */
  heldAt?: string | null;
}

export interface TimelineInput {
  kind: TimelineKind;
  record: RecordFacts;
  /** A payment's deposits, each with the deposits' kind. */
  deposits?: { kind: TimelineKind; record: RecordFacts }[];
  callbacks: readonly CallbackFactRow[];
  attempts: readonly AttemptRow[];
  /** The caller reads the audit log: audit steps, and the audit on the steps it explains. */
  showAudit: boolean;
}

const stepTypeOf = (kind: TimelineKind, status: string): TimelineStepType => kind.steps[status] ?? 'status';
const FAILING = new Set(['FAILED', 'CANCELLED']);

/** The steps of one record (and, for a deposit, named by it). */
function recordSteps(kind: TimelineKind, input: RecordFacts, showAudit: boolean): TimelineStep[] {
  const { facts, history, audit } = input;
  const used = new Set<AuditFactRow>();
  const depositId = input.deposit ? { depositId: facts.id } : {};
  const explained = (row: AuditFactRow | undefined) => {
    if (!row) return {};
    used.add(row);
    return {
      ...(row.twoFactor !== null ? { twoFactor: row.twoFactor } : {}),
      ...(showAudit ? { audit: { action: row.action, changes: row.changes } } : {}),
    };
  };
  const step = (
    at: string,
    type: TimelineStepType,
    actor: RecordActor | null,
    more: Partial<TimelineStep> = {},
  ): TimelineStep => ({ at, type, actor, source: sourceOf(actor), ...depositId, ...more });

  const createRow = audit.find((a) => a.action === 'create');
  const creator =
    (createRow && auditActor(createRow)) ??
    userActor(facts.createdBy, facts.createdByEmail) ??
    input.defaultCreator ??
    null;
  const first = history[0];
  // Its status at creation: the first change's old one; without a change, its status now when that is
  // one it is created in or it has not changed since (updated_at is still its created_at).
  const createdStatus =
    first?.oldStatus ??
    (kind.initial.includes(facts.status) || facts.updatedAt === facts.createdAt ? facts.status : undefined);
  const steps: TimelineStep[] = [];
  const firstConfirmations =
    first?.oldConfirmations ??
    (history.length === 0 && facts.updatedAt === facts.createdAt ? facts.confirmations : null);
  steps.push(
    step(facts.createdAt, input.deposit ? 'deposit_seen' : 'created', creator, {
      ...(createdStatus !== undefined ? { status: createdStatus } : {}),
      ...(input.deposit && firstConfirmations !== null
        ? { confirmations: { count: firstConfirmations, required: input.deposit.required } }
        : {}),
      ...explained(createRow),
    }),
  );
  if (input.heldAt) steps.push(step(input.heldAt, 'held', creator));
  const askedAtCreation = createdStatus !== undefined ? kind.createdSteps?.[createdStatus] : undefined;
  if (askedAtCreation) steps.push(step(facts.createdAt, askedAtCreation, creator, { status: createdStatus }));
  // Approved at once, under the organisation's threshold: decided with the creation, by no one.
  if (
    createdStatus === 'PENDING' &&
    facts.decidedAt !== null &&
    facts.decidedBy === null &&
    history.every((h) => h.oldStatus !== 'AWAITING_APPROVAL')
  )
    steps.push(step(facts.decidedAt, 'approved', APPROVAL_THRESHOLD, { status: 'PENDING' }));

  const decider = userActor(facts.decidedBy, facts.decidedByEmail);
  const decisionOf = (status: string) => (status === 'REJECTED' ? 'rejected' : 'approved');
  const rejection = (status: string) =>
    status === 'REJECTED' && facts.rejectionReason ? { reason: facts.rejectionReason } : {};

  for (const h of history) {
    const row = audit.find((a) => a.xact !== null && a.xact === h.xact && !used.has(a));
    const isDecision =
      h.oldStatus === 'AWAITING_APPROVAL' && (h.newStatus === 'PENDING' || h.newStatus === 'REJECTED');
    const actor = row ? auditActor(row) : isDecision ? decider : SIMULATOR;
    if (input.deposit && h.newConfirmations !== null && h.newConfirmations !== h.oldConfirmations) {
      steps.push(
        step(h.at, 'confirmation', actor, {
          status: h.newStatus,
          confirmations: { count: h.newConfirmations, required: input.deposit.required },
        }),
      );
    }
    if (h.newStatus !== h.oldStatus) {
      const type = isDecision ? decisionOf(h.newStatus) : stepTypeOf(kind, h.newStatus);
      steps.push(
        step(h.at, type, actor, { status: h.newStatus, ...rejection(h.newStatus), ...explained(row) }),
      );
    }
  }

  if (history.length === 0) {
    // No history: decided before it was kept, or never changed since its creation.
    if (decider !== null && facts.decidedAt !== null) {
      const row = audit.find((a) => (a.action === 'approve' || a.action === 'reject') && !used.has(a));
      const status = facts.status === 'REJECTED' ? 'REJECTED' : 'PENDING';
      steps.push(
        step(facts.decidedAt, decisionOf(status), row ? auditActor(row) : decider, {
          status,
          ...rejection(status),
          ...explained(row),
        }),
      );
    }
    const shown = new Set(steps.slice(1).map((s) => s.status));
    if (!kind.initial.includes(facts.status) && !shown.has(facts.status)) {
      const actor = facts.updatedAt === facts.createdAt ? creator : null;
      steps.push(
        step(facts.updatedAt, stepTypeOf(kind, facts.status), actor, {
          status: facts.status,
          ...(input.deposit && facts.confirmations !== null
            ? { confirmations: { count: facts.confirmations, required: input.deposit.required } }
            : {}),
        }),
      );
    }
  }

  for (const failure of input.failures) {
    const failed = steps.find((s) => s.at === failure.failedAt && FAILING.has(s.status ?? '') && !s.reason);
    if (failed) failed.reason = failure.reason;
    else steps.push(step(failure.failedAt, 'failed', SIMULATOR, { reason: failure.reason }));
  }

  if (showAudit) {
    for (const row of audit) {
      if (used.has(row)) continue;
      const actor = auditActor(row);
      steps.push(
        step(row.at, 'audit', actor, {
          ...(row.twoFactor !== null ? { twoFactor: row.twoFactor } : {}),
          audit: { action: row.action, changes: row.changes },
        }),
      );
    }
  }
  return steps;
}

/** An attempt's outcome: a 2xx delivers; otherwise retried when a next attempt is due, else failed. */
function attemptStatus(attempt: AttemptRow): CallbackStatus {
  if (attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300)
    return 'DELIVERED';
  return attempt.nextAttemptAt !== null ? 'RETRYING' : 'FAILED';
}

function callbackSteps(
  callbacks: readonly CallbackFactRow[],
  attempts: readonly AttemptRow[],
): TimelineStep[] {
  const byId = new Map(callbacks.map((c) => [c.id, c]));
  const steps: TimelineStep[] = [];
  for (const callback of callbacks) {
    if (callback.status !== 'SKIPPED') continue;
    steps.push({
      at: callback.createdAt,
      type: 'callback',
      actor: CALLBACK_WORKER,
      source: 'system',
      callback: {
        id: Number(callback.id),
        eventType: callback.eventType,
        attempt: 0,
        of: 0,
        statusCode: null,
        error: null,
        status: 'SKIPPED',
      },
    });
  }
  for (const attempt of attempts) {
    const callback = byId.get(attempt.callbackId);
    if (!callback) continue;
    const actor =
      attempt.trigger === 'RESEND'
        ? (userActor(attempt.resentBy, attempt.resentByEmail) ?? CALLBACK_WORKER)
        : CALLBACK_WORKER;
    steps.push({
      at: attempt.startedAt,
      type: 'callback',
      actor,
      source: actor === CALLBACK_WORKER ? 'system' : 'dashboard',
      callback: {
        id: Number(callback.id),
        eventType: callback.eventType,
        attempt: attempt.attempt,
        of: Math.max(CALLBACK_MAX_ATTEMPTS, attempt.attempt),
        statusCode: attempt.statusCode,
        error: attempt.error,
        status: attemptStatus(attempt),
      },
    });
  }
  return steps;
}

/** The whole timeline, oldest first; steps of one moment keep their order (a deposit's before its payment's). */
export function buildTimeline(input: TimelineInput): TimelineStep[] {
  const own = recordSteps(input.kind, input.record, input.showAudit);
  const [created, ...rest] = own;
  const deposits = (input.deposits ?? []).flatMap((d) => recordSteps(d.kind, d.record, input.showAudit));
  const all = [created, ...deposits, ...rest, ...callbackSteps(input.callbacks, input.attempts)];
  return all
    .map((s, index) => ({ s, index }))
    .sort((a, b) => (a.s.at < b.s.at ? -1 : a.s.at > b.s.at ? 1 : a.index - b.index))
    .map(({ s }) => s);
}
