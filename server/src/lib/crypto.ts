import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export function randomDigits(length: number): string {
  return Array.from({ length }, () => randomInt(0, 10)).join('');
}

/** Authenticated encryption (AES-256-GCM) with a key derived from APP_KEY, for secrets at rest. */
export function createCipher(appKey: string) {
  const key = createHash('sha256').update(`backbeat-secrets:${appKey}`).digest();
  return {
    encrypt(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
    },
    decrypt(sealed: string): string {
      const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !data) throw new Error('Malformed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    },
  };
}

export type Cipher = ReturnType<typeof createCipher>;

/** The shortest APP_KEY accepted, and the least randomness it must show. */
export const APP_KEY_MIN_LENGTH = 32;
const APP_KEY_MIN_BITS = 80;

/** Shannon entropy of the key's characters, times its length: an upper bound of its bits. */
function estimatedBits(key: string): number {
  const counts = new Map<string, number>();
  for (const character of key) counts.set(character, (counts.get(character) ?? 0) + 1);
  let perCharacter = 0;
  for (const count of counts.values()) {
    const p = count / key.length;
    perCharacter -= p * Math.log2(p);
  }
  return perCharacter * key.length;
}

/** True when the key is a shorter piece repeated ("abcdabcd…"). */
function isRepetition(key: string): boolean {
  for (let period = 1; period <= key.length / 2; period++) {
    let repeats = true;
    for (let i = period; i < key.length && repeats; i++) repeats = key[i] === key[i - period];
    if (repeats) return true;
  }
  return false;
}

/** True when most neighbours step by the same amount ("abcdef…", "13579…"). */
function isMostlySequence(key: string): boolean {
  let sameStep = 0;
  for (let i = 2; i < key.length; i++) {
    const step = key.charCodeAt(i) - key.charCodeAt(i - 1);
    if (step === key.charCodeAt(i - 1) - key.charCodeAt(i - 2)) sameStep++;
  }
  return sameStep > (key.length - 2) / 2;
}

/**
 * Why a key cannot sign tokens, or null when it can: too short, or too regular to have come
 * from a random generator (one character repeated, a pattern, a run of the alphabet). A key
 * from `randomBytes(32)` passes with a wide margin.
 */
export function appKeyWeakness(key: string): string | null {
  if (key.trim().length === 0) return 'is empty';
  if (key.length < APP_KEY_MIN_LENGTH)
    return `must be at least ${APP_KEY_MIN_LENGTH} characters (it has ${key.length})`;
  if (isRepetition(key) || isMostlySequence(key) || estimatedBits(key) < APP_KEY_MIN_BITS)
    return 'is not random enough (repeated characters, a pattern or a sequence)';
  return null;
}
