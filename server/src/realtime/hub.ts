import type { RealtimeEvent } from '@backbeat/common';
import { createLocalBus, createRedisBus, type RealtimeBus } from './bus.ts';

const userChannel = (userId: number) => `backbeat:realtime:user:${userId}`;

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;

/**
 * Events for a user reach every socket that user has open, on whichever instance holds it:
 * in process by default, through Redis pub/sub when `REDIS_URL` is set.
 */
export function createRealtimeHub(options: {
  redisUrl: string | null;
  onError: (error: Error) => void;
}) {
  const bus: RealtimeBus = options.redisUrl
    ? createRedisBus(options.redisUrl, options.onError)
    : createLocalBus();
  let sockets = 0;

  return {
    /** Delivers the user's events to `send` until the returned function is called. */
    async attach(userId: number, send: (message: string) => void): Promise<() => Promise<void>> {
      const detach = await bus.subscribe(userChannel(userId), send);
      sockets += 1;
      let attached = true;
      return async () => {
        if (!attached) return;
        attached = false;
        sockets -= 1;
        await detach();
      };
    },
    /** Never throws: a realtime hiccup must not fail the change that caused the event. */
    async publish(userId: number, event: RealtimeEvent): Promise<void> {
      await bus
        .publish(userChannel(userId), JSON.stringify(event))
        .catch((error: unknown) => options.onError(error as Error));
    },
    /**
     * Notices between instances (not for sockets): delivered to every instance's `listen`,
     * this one's too. Never throws, like `publish`.
     */
    async broadcast(topic: string, message: string): Promise<void> {
      await bus
        .publish(`backbeat:instances:${topic}`, message)
        .catch((error: unknown) => options.onError(error as Error));
    },
    listen: (topic: string, handler: (message: string) => void) =>
      bus.subscribe(`backbeat:instances:${topic}`, handler),
    /** Sockets open on this instance. */
    get connections() {
      return sockets;
    },
    close: () => bus.close(),
  };
}
