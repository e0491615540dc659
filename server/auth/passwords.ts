/** Password hashing: argon2id, m=19 MiB, t=2, p=1 (docs/architecture.md#stack). */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

const OPTIONS = {
  algorithm: 2 as Algorithm, // Algorithm.Argon2id (an ambient const enum, not importable as a value)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/** Verifies against a throw-away hash so that an unknown email costs as long as a wrong password. */
export async function verifyDummy(password: string): Promise<false> {
  dummy ??= hashPassword(`dummy-${Math.random()}`);
  await verifyPassword(await dummy, password);
  return false;
}
