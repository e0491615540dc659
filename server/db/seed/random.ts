/**
 * A seeded pseudo-random source for the demo data (mulberry32): the same seed gives the same sequence
 * on every machine, so the same seed day gives the same rows. Never for anything secret.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(list: readonly T[]): T;
  /** `length` lowercase hex digits (transaction hashes, addresses). */
  hex(length: number): string;
}

export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
    hex: (length) => {
      let out = '';
      while (out.length < length) out += int(0, 0xffff).toString(16).padStart(4, '0');
      return out.slice(0, length);
    },
  };
}
