import { randomBytes } from 'node:crypto';
import type * as IORedis from 'ioredis';
import type { Lock, Locker, RequestRelease } from '@tus/utils';
import { tusUtilsPackage } from './tus-packages.ts';

const PREFIX = 'backbeat:tus-lock:';
const RELEASE_CHANNEL = 'backbeat:tus-release';
const RETRY_MS = 50;

/** Deletes or extends the lock only while it still holds this holder's token. */
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const EXTEND_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

export interface RedisLocker extends Locker {
  close(): Promise<void>;
}

/**
 * tus upload locks shared by every instance (PATCHes of one upload may reach any of them).
 * A lock lives `ttlMs` and is extended while held, so a killed instance frees it within that
 * time. A request that wants a held lock asks the holder, on whichever instance, to let go
 * (tus's "request release": the holder's stale PATCH ends), then retries.
 */
export function createRedisLocker(
  redis: IORedis.Redis,
  options: { ttlMs?: number; acquireTimeoutMs?: number } = {},
): RedisLocker {
  const ttlMs = options.ttlMs ?? 10_000;
  const acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
  const heldHere = new Map<string, RequestRelease>();
  const subscriber = redis.duplicate();
  const subscribed = subscriber.subscribe(RELEASE_CHANNEL).catch(() => undefined);
  subscriber.on('message', (_channel: string, id: string) => void heldHere.get(id)?.());
  subscriber.on('error', () => {});

  class RedisLock implements Lock {
    private readonly token = randomBytes(12).toString('hex');
    private refresh: NodeJS.Timeout | undefined;
    constructor(private readonly id: string) {}

    async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
      await subscribed;
      const deadline = Date.now() + acquireTimeoutMs;
      const key = PREFIX + this.id;
      for (;;) {
        if (await redis.set(key, this.token, 'PX', ttlMs, 'NX')) break;
        await redis.publish(RELEASE_CHANNEL, this.id);
        if (signal.aborted || Date.now() > deadline)
          throw tusUtilsPackage().ERRORS.ERR_LOCK_TIMEOUT;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
      heldHere.set(this.id, requestRelease);
      this.refresh = setInterval(() => {
        void redis.eval(EXTEND_SCRIPT, 1, key, this.token, String(ttlMs)).catch(() => {});
      }, ttlMs / 3);
      this.refresh.unref();
    }

    async unlock(): Promise<void> {
      clearInterval(this.refresh);
      heldHere.delete(this.id);
      await redis.eval(RELEASE_SCRIPT, 1, PREFIX + this.id, this.token);
    }
  }

  return {
    newLock: (id) => new RedisLock(id),
    async close() {
      await subscriber.quit().catch(() => {});
    },
  };
}
