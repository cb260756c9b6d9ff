import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Loads a CommonJS package the first time it is used. Drivers only some sites need (pg,
 * ioredis, SMTP, web push, QR codes, argon2) then cost no memory on a server that never
 * touches them, which keeps the idle footprint small.
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
