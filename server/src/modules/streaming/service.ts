import type { CatalogService, Viewer } from '../catalog/service.ts';
import type { CatalogWriteRepository } from '../catalog/write-repository.ts';
import { generateDemoAudio, parseDemoAudioKey, yieldToEventLoop } from '../demo-audio/generator.ts';
import type { Storage } from '../../storage/storage.ts';

export type StreamingService = ReturnType<typeof createStreamingService>;

/**
 * Finds a track's audio for a listener. Demo tracks carry a key that says how to synthesise
 * them; their file is made on the first play (or by the warm-up after start) and kept.
 */
export function createStreamingService(deps: {
  storage: Storage;
  catalog: CatalogService;
  writes: CatalogWriteRepository;
  log?: (message: string, error: unknown) => void;
}) {
  const { storage, catalog, writes } = deps;
  /** Renders in progress; `urgent` when a listener waits for it, else the warm-up's. */
  const jobs = new Map<string, { promise: Promise<boolean>; urgent: boolean }>();
  const someoneWaits = () => [...jobs.values()].some((job) => job.urgent);

  /** Makes a missing demo file; concurrent requests for one key share the work. */
  function ensureFile(key: string, trackId: number, urgent: boolean): Promise<boolean> {
    const running = jobs.get(key);
    if (running) {
      running.urgent ||= urgent;
      return running.promise;
    }
    const job = { urgent, promise: Promise.resolve(false) };
    // Background renders step aside (poll every 50 ms) while a listener waits for another.
    const pause = async () => {
      await yieldToEventLoop();
      while (!job.urgent && someoneWaits()) await new Promise((r) => setTimeout(r, 50));
    };
    job.promise = (async () => {
      if (await storage.stat(key)) return true;
      const demo = parseDemoAudioKey(key);
      if (!demo) return false;
      const { mp3, waveform } = await generateDemoAudio(demo.seed, demo.seconds, demo.style, pause);
      await storage.write(key, mp3);
      await writes.setWaveform(trackId, waveform);
      return true;
    })().finally(() => jobs.delete(key));
    jobs.set(key, job);
    return job.promise;
  }

  return {
    /** The stored audio a viewer may stream, or null (missing, private or no file). */
    async audio(trackId: number, viewer: Viewer) {
      const audio = await catalog.audioFor(trackId, viewer);
      if (!audio) return null;
      if (!(await ensureFile(audio.path, trackId, true))) return null;
      return audio;
    },

    /** Renders the given tracks' demo audio one after another, in the background. */
    async warmUp(trackIds: number[]): Promise<void> {
      for (const id of trackIds) {
        const audio = await catalog.audioFor(id, { userId: null });
        if (!audio) continue;
        await ensureFile(audio.path, id, false).catch((error: unknown) =>
          deps.log?.('demo audio failed', error),
        );
      }
    },
  };
}
