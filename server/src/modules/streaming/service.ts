import { notFound } from '../../lib/domain-errors.ts';
import type { CatalogService, Viewer } from '../catalog/service.ts';
import type { CatalogWriteRepository } from '../catalog/write-repository.ts';
import {
  demoAudioSize,
  generateDemoAudio,
  parseDemoAudioKey,
  yieldToEventLoop,
} from '../demo-audio/generator.ts';
import { GrowingFile } from '../../storage/growing-file.ts';
import type { Storage } from '../../storage/storage.ts';

export type StreamingService = ReturnType<typeof createStreamingService>;

interface RenderJob {
  file: GrowingFile;
  /** Settles when the file is stored (or the render failed, which is logged). */
  promise: Promise<void>;
  /** A listener asked for it (else it is the warm-up's). */
  urgent: boolean;
}

/**
 * A listener is waiting for this render: one is reading it, or asked and has not started
 * reading yet. A render whose listeners all left (skipped, closed the tab) goes on, but
 * steps aside like the warm-up's for renders someone is listening to.
 */
const isWaitedFor = (job: RenderJob) =>
  job.file.readers > 0 || (job.urgent && job.file.available === 0);

/**
 * Finds a track's audio for a listener. Demo tracks carry a key that says how to synthesise
 * them; their file is made on the first play (or by the warm-up after start) and kept. While
 * it is being made, listeners are served from the render itself: its size is known ahead,
 * and the bytes are streamed as they are encoded, so the first play starts at once.
 */
export function createStreamingService(deps: {
  storage: Storage;
  catalog: CatalogService;
  writes: CatalogWriteRepository;
  log?: (message: string, error: unknown) => void;
}) {
  const { storage, catalog, writes } = deps;
  /** Renders in progress by storage key: one per key, however many listeners ask. */
  const jobs = new Map<string, RenderJob>();
  const someoneWaits = () => [...jobs.values()].some(isWaitedFor);

  function startRender(key: string, trackId: number, urgent: boolean): RenderJob | null {
    const demo = parseDemoAudioKey(key);
    if (!demo) return null;
    const job: RenderJob = {
      file: new GrowingFile(demoAudioSize(demo.seed, demo.seconds, demo.style)),
      urgent,
      promise: Promise.resolve(),
    };
    // Renders nobody listens to step aside (poll every 20 ms) while a listener waits for another.
    const pause = async () => {
      await yieldToEventLoop();
      while (!isWaitedFor(job) && someoneWaits()) await new Promise((r) => setTimeout(r, 20));
    };
    job.promise = (async () => {
      try {
        const { mp3, waveform } = await generateDemoAudio(
          demo.seed,
          demo.seconds,
          demo.style,
          pause,
          (bytes) => job.file.append(bytes),
        );
        job.file.end();
        await storage.write(key, mp3);
        await writes.setWaveform(trackId, waveform);
      } catch (error) {
        job.file.end(error);
        deps.log?.('demo audio failed', error);
      } finally {
        jobs.delete(key);
      }
    })();
    jobs.set(key, job);
    return job;
  }

  /** The render of a missing demo file, joined or started; null when the file exists. */
  async function renderFor(key: string, trackId: number, urgent: boolean) {
    const running = jobs.get(key);
    if (running) {
      running.urgent ||= urgent;
      return running;
    }
    if (await storage.stat(key)) return null;
    // Another request may have started it while we looked.
    const started = jobs.get(key);
    if (started) {
      started.urgent ||= urgent;
      return started;
    }
    return startRender(key, trackId, urgent) ?? 'missing';
  }

  return {
    /**
     * The audio a viewer may stream; not found when missing, private or without a file.
     * `rendering` is set while a demo track's file is still being made: serve it from there.
     */
    async audio(trackId: number, viewer: Viewer) {
      const audio = await catalog.audioFor(trackId, viewer);
      if (!audio) throw notFound();
      const render = await renderFor(audio.path, trackId, true);
      if (render === 'missing') throw notFound();
      return { ...audio, rendering: render ? render.file : null };
    },

    /** Renders the given tracks' demo audio one after another, in the background. */
    async warmUp(trackIds: number[]): Promise<void> {
      for (const id of trackIds) {
        const audio = await catalog.audioFor(id, { userId: null });
        if (!audio) continue;
        const render = await renderFor(audio.path, id, false);
        if (render && render !== 'missing') await render.promise;
      }
    },
  };
}
