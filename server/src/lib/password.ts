import type * as Argon2 from '@node-rs/argon2';
import { lazyRequire } from './lazy-require.ts';

const argon2 = lazyRequire<typeof Argon2>('@node-rs/argon2');

// argon2id with the library defaults (19 MiB, 2 passes), as OWASP recommends.
export const hashPassword = (plain: string) => argon2().hash(plain);

export async function verifyPassword(hashed: string | null, plain: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await argon2().verify(hashed, plain);
  } catch {
    return false;
  }
}

/**
 * Verifying against this when the email is unknown keeps the answer time of unknown and
 * known emails alike, so timing does not reveal who has an account.
 */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= argon2().hash('backbeat-timing-equaliser');
  return dummyHash;
}
