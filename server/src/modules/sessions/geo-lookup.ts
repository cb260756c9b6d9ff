import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { isPublicIp } from '../../lib/ip.ts';

export interface GeoLocation {
  city: string | null;
  country: string | null;
}

const IDLE_MS = 60_000;
// Dynamic imports keep the source valid whether the worker is evaluated as CJS or ESM.
const WORKER_SOURCE = `(async () => {
  const { parentPort, workerData } = await import('node:worker_threads');
  const { createRequire } = await import('node:module');
  const geoip = createRequire(workerData.modulePath)(workerData.modulePath);
  parentPort.on('message', ({ id, ip }) => {
    const found = geoip.lookup(ip);
    parentPort.postMessage({ id, city: (found && found.city) || null, country: (found && found.country) || null });
  });
})();`;

/**
 * City and country from an offline database (geoip-lite). Its data takes ~150 MB of memory,
 * so it lives in a worker thread started on the first lookup and stopped when idle; the
 * server's baseline memory stays small.
 */
export function createGeoLookup() {
  const modulePath = createRequire(import.meta.url).resolve('geoip-lite');
  let worker: Worker | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let nextId = 1;
  const pending = new Map<number, (location: GeoLocation) => void>();

  const stop = () => {
    void worker?.terminate();
    worker = null;
  };

  function ensureWorker(): Worker {
    if (worker) return worker;
    const started = new Worker(WORKER_SOURCE, { eval: true, workerData: { modulePath } });
    started.unref();
    started.on('message', ({ id, city, country }: GeoLocation & { id: number }) => {
      pending.get(id)?.({ city, country });
      pending.delete(id);
    });
    started.on('error', (error) => {
      console.error('geo lookup worker failed', error);
      for (const resolve of pending.values()) resolve({ city: null, country: null });
      pending.clear();
      worker = null;
    });
    worker = started;
    return started;
  }

  return {
    lookup(ip: string): Promise<GeoLocation> {
      if (!isPublicIp(ip)) return Promise.resolve({ city: null, country: null });
      clearTimeout(idleTimer);
      idleTimer = setTimeout(stop, IDLE_MS);
      idleTimer.unref();
      return new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        ensureWorker().postMessage({ id, ip });
      });
    },
    stop,
  };
}

export type GeoLookup = ReturnType<typeof createGeoLookup>;
