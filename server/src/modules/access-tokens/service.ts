import { timingSafeEqual } from 'node:crypto';
import { notFound } from '../../lib/domain-errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { createAccessTokensRepository } from './repository.ts';

const TOUCH_EVERY_MS = 60_000;
const MAX_ID = 2_147_483_647;

export type AccessTokensService = ReturnType<typeof createAccessTokensService>;

/**
 * Personal API tokens, "id|secret", shown once; only a hash is stored. A token acts as its
 * user with whatever permissions the user has at the time of the request.
 */
export function createAccessTokensService(
  repository: ReturnType<typeof createAccessTokensRepository>,
  /** Told once a token is deleted, so nothing keeps it signed in (Subsonic's verified keys). */
  revoked: (userId: number) => void = () => {},
) {
  return {
    async create(userId: number, name: string) {
      const secret = randomToken(30);
      const token = await repository.create(userId, name, sha256(secret));
      return { token, plainTextToken: `${token.id}|${secret}` };
    },
    list: (userId: number) => repository.listForUser(userId),
    async delete(userId: number, id: number): Promise<void> {
      if (!(await repository.deleteForUser(id, userId)))
        throw notFound('This token does not exist.');
      revoked(userId);
    },
    /** The user id behind a bearer token, or null. */
    async authenticate(bearer: string): Promise<number | null> {
      const [idPart, secret] = bearer.split('|');
      const id = Number(idPart);
      // Ids are 32-bit: a larger one is no token, and PostgreSQL would fail the lookup (500).
      if (!Number.isInteger(id) || id < 1 || id > MAX_ID || !secret) return null;
      const row = await repository.findById(id);
      if (!row) return null;
      const matches = timingSafeEqual(Buffer.from(sha256(secret)), Buffer.from(row.token_hash));
      if (!matches) return null;
      if (!row.last_used_at || Date.now() - Date.parse(row.last_used_at) > TOUCH_EVERY_MS)
        await repository.touch(id);
      return row.user_id;
    },
  };
}
