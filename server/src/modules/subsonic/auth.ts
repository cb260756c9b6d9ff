import { createHash, timingSafeEqual } from 'node:crypto';
import { SUBSONIC_ERRORS, SUBSONIC_FAILED_LOGINS_PER_MINUTE, type User } from '@backbeat/common';
import type { Cipher } from '../../lib/crypto.ts';
import { SubsonicError, type SubsonicParams } from './protocol.ts';
import type { SubsonicRepository } from './repository.ts';

const md5 = (value: string) => createHash('md5').update(value, 'utf8').digest('hex');
const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const MINUTE_MS = 60_000;
const wrongCredentials = () =>
  new SubsonicError(SUBSONIC_ERRORS.wrongCredentials, 'Wrong username or password.');

/** A legacy `p` parameter: plain, or `enc:` followed by the password in hex. */
function decodePassword(raw: string): string {
  if (!raw.startsWith('enc:')) return raw;
  const hex = raw.slice(4);
  return /^(?:[\da-f]{2})*$/i.test(hex) ? Buffer.from(hex, 'hex').toString('utf8') : '';
}

/**
 * Who is calling /rest. An API key (the apiKeyAuthentication extension) is one of the
 * account's API tokens; clients that only know user name + password or token sign-in use an
 * app password generated in account settings. The account password itself is never accepted,
 * and accounts with two-factor sign-in use keys only. Failed attempts are limited per address
 * and user name, like the login form.
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
  const failures = new Map<string, number[]>();

  function tooMany(key: string): boolean {
    const now = Date.now();
    const recent = (failures.get(key) ?? []).filter((at) => now - at < MINUTE_MS);
    if (recent.length) failures.set(key, recent);
    else failures.delete(key);
    return recent.length >= SUBSONIC_FAILED_LOGINS_PER_MINUTE;
  }
  function failed(key: string): SubsonicError {
    failures.set(key, [...(failures.get(key) ?? []), Date.now()]);
    return wrongCredentials();
  }

  async function activeUser(id: number): Promise<User> {
    const user = await deps.users.findForRequest(id);
    if (!user) throw wrongCredentials();
    return user;
  }

  async function byApiKey(apiKey: string, key: string): Promise<User> {
    const userId = await deps.accessTokens.authenticate(apiKey);
    if (!userId) {
      failed(key);
      throw new SubsonicError(SUBSONIC_ERRORS.invalidApiKey, 'Invalid API key.');
    }
    return activeUser(userId);
  }

  async function byAppPassword(params: SubsonicParams, username: string, key: string) {
    const row = await deps.users.findRowByEmail(username.trim().toLowerCase());
    if (!row || row.banned_at) throw failed(key);
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
        return activeUser(row.id);
      }
    }
    throw failed(key);
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
      const key = `${ip}|${apiKey ? 'key' : (username ?? '').toLowerCase()}`;
      if (tooMany(key)) {
        throw new SubsonicError(
          SUBSONIC_ERRORS.wrongCredentials,
          'Too many failed sign-in attempts. Please try again in a minute.',
        );
      }
      if (apiKey) return byApiKey(apiKey, key);
      if (!username)
        throw new SubsonicError(
          SUBSONIC_ERRORS.missingParameter,
          'Required parameter is missing: u',
        );
      const hasToken = params.string('t') !== undefined && params.string('s') !== undefined;
      if (!hasToken && params.string('p') === undefined) {
        throw new SubsonicError(
          SUBSONIC_ERRORS.missingParameter,
          'Required parameter is missing: p or t and s',
        );
      }
      return byAppPassword(params, username, key);
    },
  };
}

export type SubsonicAuth = ReturnType<typeof createSubsonicAuth>;
