/**
 * What the reference API's simulator does (issue 16 §3): one step per thing a provider would move —
 * an open payment request receives its deposit, an approved withdrawal is broadcast then confirmed, an
 * expected fiat deposit arrives. Each movement's module exports its steps and adds one line here; the
 * runner (server/simulator/index.ts) calls every step on its interval unless `SIMULATOR=off`.
 *
 * A step changes balances only through the ledger (`postEntry`), and takes its rows with
 * `FOR UPDATE SKIP LOCKED` (each row in its own transaction), so with several API instances on one
 * PostgreSQL exactly one instance advances a given row. It moves them with `eachDue`, which sets aside
 * a row it cannot move (its FAILED status) instead of meeting it first at every tick (decision 225).
 */
import type { Db } from '../db/client';
import type { RowFailed } from './eachDue';
import { conversionSteps } from '../modules/conversions/simulator';
import { fiatMovementSteps } from '../modules/fiatMovements/simulator';
import { paymentRequestSteps } from '../modules/payments/simulator';
import { withdrawalSteps } from '../modules/withdrawals/simulator';

export interface SimulatorStep {
  /** Unique, kebab case ('payment-deposit'): the log's and the runner's name for it. */
  name: string;
  /**
   * Advances the rows due at `now` (at most `limit` of them) and answers how many moved; `failed` is
   * told of each row it set aside instead. Tests call it directly with an injected `now` instead of
   * waiting for the runner.
   */
  run(db: Db, now: Date, limit: number, failed?: RowFailed): Promise<number>;
}

export const simulatorSteps: readonly SimulatorStep[] = [
  // One line per movement's steps: ...paymentSteps, ...withdrawalSteps, …
  ...paymentRequestSteps,
  ...conversionSteps,
  ...fiatMovementSteps,
  ...withdrawalSteps,
];
