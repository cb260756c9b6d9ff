import { EventEmitter } from 'node:events';
import type * as IORedis from 'ioredis';
import { lazyRequire } from '../lib/lazy-require.ts';

const loadRedis = lazyRequire<typeof IORedis>('ioredis');

type Handler = (message: string) => void;

/**
 * Publish/subscribe between the parts of the app that create events and the sockets that
 * deliver them. In process by default; through Redis when several instances share the work.
 */
export interface RealtimeBus {
  publish(channel: string, message: string): Promise<void>;
  /** Resolves once messages published on the channel reach the handler; returns the way out. */
  subscribe(channel: string, handler: Handler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function createLocalBus(): RealtimeBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return async () => void emitter.off(channel, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * One connection publishes, one listens. Channels are subscribed while at least one local
 * handler wants them; commands go out in call order on the one connection, so a quick
 * unsubscribe-then-subscribe of the same channel always ends subscribed.
 */
export function createRedisBus(url: string, onError: (error: Error) => void): RealtimeBus {
  const options = { maxRetriesPerRequest: 2, connectTimeout: 2000 };
  const { Redis } = loadRedis();
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  publisher.on('error', onError);
  subscriber.on('error', onError);
  const handlers = new Map<string, Set<Handler>>();

  subscriber.on('message', (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  });

  return {
    async publish(channel, message) {
      await publisher.publish(channel, message);
    },
    async subscribe(channel, handler) {
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(handler);
      // Later handlers of the channel wait for the same confirmation by asking again: Redis
      // answers a repeated SUBSCRIBE after the first, in order.
      await subscriber.subscribe(channel).catch((error: unknown) => {
        set.delete(handler);
        if (first && set.size === 0) handlers.delete(channel);
        throw error;
      });
      return async () => {
        const current = handlers.get(channel);
        if (!current?.delete(handler) || current.size > 0) return;
        handlers.delete(channel);
        await subscriber.unsubscribe(channel).catch(onError);
      };
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
