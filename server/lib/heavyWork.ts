/**
 * Bounds on heavy work (the CSV exports and the reports): at most `perUser` of them under way for one
 * user and `global` for the whole instance. Beyond either, a 429 with Retry-After; a slot is taken when
 * the work is accepted and given back when its response has finished or its client has gone away,
 * whichever comes first (the response's 'close' event covers both).
 *
 * Counted per API instance (in memory): behind N instances the global bound is N × `global`.
 */
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';

/** What a refused request is told to wait before trying again, in seconds. */
export const HEAVY_RETRY_AFTER_SECONDS = 5;

export const heavyWorkText = (seconds: number) =>
  `Too many exports or reports are being prepared. Try again in ${seconds} seconds.`;

export class HeavyWorkLimiter {
  private readonly byUser = new Map<number, number>();
  private running = 0;

  constructor(
    readonly perUser: number,
    readonly global: number,
  ) {}

  /** Work under way: for one user, or in all. */
  inUse(userId?: number): number {
    return userId === undefined ? this.running : (this.byUser.get(userId) ?? 0);
  }

  /** A slot for the user (its release function, safe to call twice), or undefined when none is free. */
  tryAcquire(userId: number): (() => void) | undefined {
    const mine = this.byUser.get(userId) ?? 0;
    if (mine >= this.perUser || this.running >= this.global) return undefined;
    this.byUser.set(userId, mine + 1);
    this.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      const left = (this.byUser.get(userId) ?? 1) - 1;
      if (left <= 0) this.byUser.delete(userId);
      else this.byUser.set(userId, left);
    };
  }
}

const limiters = new WeakMap<AppContext, HeavyWorkLimiter>();

/** The limiter of an app (one per app context, sized by its configuration). */
export function heavyWorkOf(ctx: AppContext): HeavyWorkLimiter {
  let limiter = limiters.get(ctx);
  if (!limiter) {
    limiter = new HeavyWorkLimiter(ctx.config.heavyWorkPerUser, ctx.config.heavyWorkGlobal);
    limiters.set(ctx, limiter);
  }
  return limiter;
}

/**
 * Takes a slot for this request's user, given back when the response closes (finished or aborted), or
 * throws the 429. Returns the release function too, for a failure before the response is sent.
 */
export function holdHeavySlot(ctx: AppContext, userId: number, reply: FastifyReply): () => void {
  const release = heavyWorkOf(ctx).tryAcquire(userId);
  if (!release) {
    throw new ApiError(
      429,
      { message: heavyWorkText(HEAVY_RETRY_AFTER_SECONDS) },
      { 'Retry-After': String(HEAVY_RETRY_AFTER_SECONDS) },
    );
  }
  reply.raw.once('close', release);
  if (reply.raw.destroyed) release();
  return release;
}
