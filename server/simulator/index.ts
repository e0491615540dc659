/**
 * The simulator's runner (issue 16 §3, docs/decisions.md 188): every SIMULATOR_INTERVAL_MS it runs each
 * step of the registry (server/simulator/steps.ts) at the app's clock, so payment requests receive their
 * deposits, approved withdrawals are broadcast and confirmed, expected fiat deposits arrive, as a
 * provider would move them.
 *
 * - On by default (`npm start`); `SIMULATOR=off` stops it; tests leave it off (testConfig) and call a
 *   step, or `tick`, themselves.
 * - Each step runs on its own: one that throws is logged and the others still run, at this tick and the
 *   next ones. Within a step, a row that cannot be moved is set aside (FAILED) and logged with its id
 *   and the reason, and the step goes on with the next row (server/simulator/eachDue.ts).
 * - Ticks never overlap: a tick still running when the next is due lets that one pass.
 * - With several instances on one PostgreSQL every instance runs the steps; each step takes its rows
 *   with FOR UPDATE SKIP LOCKED, one row per transaction, so a row moves once whichever instance gets
 *   it (the two-instance test holds a step to it).
 * - The app's close stops the timer and waits for a tick under way before the database closes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { simulatorSteps, type SimulatorStep } from './steps';

/** Rows one step advances at most per tick. */
export const SIMULATOR_BATCH = 100;

export interface SimulatorOptions {
  db: Db;
  intervalMs: number;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** The steps (default: the registry). */
  steps?: readonly SimulatorStep[];
  batch?: number;
}

/** What one tick did: per step, the rows it moved, or the error's message. */
export type TickResult = Record<string, number | { error: string }>;

export class Simulator {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<TickResult> | undefined;
  private stopped = false;
  private readonly steps: readonly SimulatorStep[];
  /** Ticks completed (tests wait for one). */
  ticks = 0;

  constructor(private readonly options: SimulatorOptions) {
    this.steps = options.steps ?? simulatorSteps;
  }

  /** Whether its timer runs. */
  get started(): boolean {
    return this.timer !== undefined;
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => {
      if (!this.running) void this.tick();
    }, this.options.intervalMs);
    this.timer.unref?.();
  }

  /** Stops the timer and waits for a tick under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Runs every step once at `at` (default: the clock's now); a tick already running is awaited first. */
  async tick(at: Date = new Date(this.options.now())): Promise<TickResult> {
    while (this.running) await this.running.catch(() => undefined);
    const run = this.runSteps(at);
    this.running = run;
    try {
      return await run;
    } finally {
      this.running = undefined;
      this.ticks++;
    }
  }

  private async runSteps(at: Date): Promise<TickResult> {
    const result: TickResult = {};
    for (const step of this.steps) {
      try {
        result[step.name] = await step.run(
          this.options.db,
          at,
          this.options.batch ?? SIMULATOR_BATCH,
          ({ id, reason }) => this.options.log.error({ step: step.name, id, reason }, 'simulator row failed'),
        );
        if (result[step.name])
          this.options.log.info({ step: step.name, moved: result[step.name] }, 'simulator');
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        result[step.name] = { error: message };
        this.options.log.error({ step: step.name, err: { message } }, 'simulator step failed');
      }
    }
    return result;
  }
}
