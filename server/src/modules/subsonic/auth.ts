import { createHash, timingSafeEqual } from 'node:crypto';
import { SUBSONIC_ERRORS, SUBSONIC_MAX_USER_NAME_LENGTH, type User } from '@backbeat/common';
import type { Cipher } from '../../lib/crypto.ts';
import { SubsonicError, type SubsonicParams } from './protocol.ts';
import type { SubsonicRepository } from './repository.ts';
import { createSignInThrottle, normalizeUserName } from './sign-in-throttle.ts';

const md5 = (value: string) => createHash('md5').update(value, 'utf8').digest('hex');
const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Credentials that signed in, kept as briefly as the signed-in user is (users/service.ts):
 * library clients send the same ones with every call, and checking them again (a token read,
 * or app passwords decrypted) was most of a cached answer's cost. Whatever changes the user
 * (ban, two-factor sign-in, a revoked key or app password) forgets theirs at once, here and on
 * the other instances (composition/request-cache-sync.ts).
 */
const VERIFIED = { ttlMs: 2000, maxEntries: 10_000 };
const wrongCredentials = () =>
  new SubsonicError(SUBSONIC_ERRORS.wrongCredentials, 'Wrong username or password.');

/** A legacy `p` parameter: plain, or `enc:` followed by the password in hex. */
export function decodePassword(raw: string): string {
  if (!raw.startsWith('enc:')) return raw;
  const hex = raw.slice(4);
  return /^(?:[\da-f]{2})*$/i.test(hex) ? Buffer.from(hex, 'hex').toString('utf8') : '';
}

/**
 * Who is calling /rest. An API key (the apiKeyAuthentication extension) is one of the
 * account's API tokens; clients that only know user name + password or token sign-in use an
 * app password generated in account settings. The account password itself is never accepted,
 * and accounts with two-factor sign-in use keys only. Failed attempts are limited per account
 * and per address (sign-in-throttle.ts), like the login form.
 */
export function createSubsonicAuth(deps: {
  repository: Pick<SubsonicRepository, 'appPasswords' | 'touchAppPassword'>;
  cipher: Pick<Cipher, 'decrypt'>;
  accessTokens: { authenticate(token: string): Promise<number | null> };
  users: {
    findRowByEmail(
      email: string,
    ): Promise<{ id: number; two_factor_confirmed_at: unknown; banned_at: unknown } | undefined>;
    findForRequest(id: number): Promise<User | null>;
  };
}) {
  const throttle = createSignInThrottle();
  /** The exact sign-in parameters that succeeded, and whose they were. */
  const verified = new Map<string, { userId: number; at: number }>();
  /** Counts forgets: a check that overlapped one (a revoke in flight) is not remembered. */
  let forgets = 0;

  function remember(credentials: string, userId: number, checkedFrom: number): void {
    if (forgets !== checkedFrom) return;
    if (verified.size >= VERIFIED.maxEntries) verified.delete(verified.keys().next().value!);
    verified.set(credentials, { userId, at: Date.now() });
  }
  function recalled(credentials: string): number | undefined {
    const hit = verified.get(credentials);
    if (!hit) return undefined;
    if (Date.now() - hit.at < VERIFIED.ttlMs) return hit.userId;
    verified.delete(credentials);
    return undefined;
  }

  /** Who failed: the address, and the account (a normalised user name) when one was named. */
  type Attempt = { ip: string; account?: string };
  function failed(attempt: Attempt): SubsonicError {
    throttle.failed(attempt.ip, attempt.account);
    return wrongCredentials();
  }

  /** A suspended account is refused whichever way it signs in. */
  async function activeUser(id: number): Promise<User> {
    const user = await deps.users.findForRequest(id);
    if (!user || user.banned_at) throw wrongCredentials();
    return user;
  }

  async function byApiKey(apiKey: string, attempt: Attempt): Promise<User> {
    const checkedFrom = forgets;
    const userId = await deps.accessTokens.authenticate(apiKey);
    if (!userId) {
      failed(attempt);
      throw new SubsonicError(SUBSONIC_ERRORS.invalidApiKey, 'Invalid API key.');
    }
    const user = await activeUser(userId);
    remember(`key|${apiKey}`, userId, checkedFrom);
    return user;
  }

  async function byAppPassword(
    params: SubsonicParams,
    attempt: Required<Attempt>,
    credentials: string,
  ) {
    const checkedFrom = forgets;
    const row = await deps.users.findRowByEmail(attempt.account);
    if (!row || row.banned_at) throw failed(attempt);
    if (row.two_factor_confirmed_at) {
      throw new SubsonicError(
        SUBSONIC_ERRORS.authMechanismNotSupported,
        'This account uses two-factor sign-in: connect with an API key.',
      );
    }
    const token = params.string('t');
    const salt = params.string('s');
    const password = params.string('p');
    const matches = (secret: string) =>
      token !== undefined && salt !== undefined
        ? sameText(md5(secret + salt), token.toLowerCase())
        : password !== undefined && sameText(secret, decodePassword(password));
    for (const candidate of await deps.repository.appPasswords(row.id)) {
      if (matches(deps.cipher.decrypt(candidate.secret))) {
        await deps.repository.touchAppPassword(candidate.id);
        const user = await activeUser(row.id);
        remember(credentials, row.id, checkedFrom);
        return user;
      }
    }
    throw failed(attempt);
  }

  return {
    async authenticate(params: SubsonicParams, ip: string): Promise<User> {
      const apiKey = params.string('apiKey');
      const username = params.string('u');
      if (apiKey && username) {
        throw new SubsonicError(
          SUBSONIC_ERRORS.conflictingAuth,
          'Use either an API key or a user name, not both.',
        );
      }
      // An API key names no account: its failures count against the address only.
      const account = username === undefined ? undefined : normalizeUserName(username);
      if (throttle.locked(ip, apiKey ? undefined : account)) {
        throw new SubsonicError(
          SUBSONIC_ERRORS.wrongCredentials,
          'Too many failed sign-in attempts. Please try again in a minute.',
        );
      }
      if (apiKey) {
        const known = recalled(`key|${apiKey}`);
        return known === undefined ? byApiKey(apiKey, { ip }) : activeUser(known);
      }
      if (!account)
        throw new SubsonicError(
          SUBSONIC_ERRORS.missingParameter,
          'Required parameter is missing: u',
        );
      // No account has a longer name; it is not remembered, so a flood of long names costs
      // nothing beyond the address's count.
      if (account.length > SUBSONIC_MAX_USER_NAME_LENGTH) throw failed({ ip });
      const hasToken = params.string('t') !== undefined && params.string('s') !== undefined;
      if (!hasToken && params.string('p') === undefined) {
        throw new SubsonicError(
          SUBSONIC_ERRORS.missingParameter,
          'Required parameter is missing: p or t and s',
        );
      }
      const credentials = JSON.stringify([
        account,
        params.string('t'),
        params.string('s'),
        params.string('p'),
      ]);
      const known = recalled(credentials);
      if (known !== undefined) return activeUser(known);
      return byAppPassword(params, { ip, account }, credentials);
    },

    /** Accounts and addresses with failures kept (bounded, see sign-in-throttle.ts). */
    trackedFailures: () => throttle.tracked(),

    /** Forgets the user's verified credentials (see VERIFIED). */
    forgetUser(userId: number): void {
      forgets++;
      for (const [credentials, entry] of verified) {
        if (entry.userId === userId) verified.delete(credentials);
      }
    },
  };
}

export type SubsonicAuth = ReturnType<typeof createSubsonicAuth>;
