import { replayGainFor } from '@backbeat/common';
import { notFound } from '../../lib/domain-errors.ts';
import type { CatalogService, Viewer } from '../catalog/service.ts';
import type { CatalogWriteRepository } from '../catalog-writes/repository.ts';
import {
  DEMO_INTRO_BYTES,
  demoAudioSize,
  demoIntroKey,
  parseDemoAudioKey,
} from '../demo-audio/generator.ts';
import type { DemoRender, DemoRenderer } from '../demo-audio/renderer.ts';
import { GrowingFile } from '../../storage/growing-file.ts';
import type { Storage, StoredFileInfo } from '../../storage/storage.ts';

export type StreamingService = ReturnType<typeof createStreamingService>;

interface RenderJob {
  file: GrowingFile;
  /** Settles when the file is stored (or the render failed, which is logged). */
  promise: Promise<void>;
  /** A listener asked for it (else it is the warm-up's). */
  urgent: boolean;
  /** Tells the render whether a listener now waits for it. */
  prioritise: () => void;
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
  /** Synthesises demo audio (on a worker thread). */
  renderer: DemoRenderer;
  log?: (message: string, error: unknown) => void;
}) {
  const { storage, catalog, writes, renderer } = deps;
  /** Renders in progress by storage key: one per key, however many listeners ask. */
  const jobs = new Map<string, RenderJob>();

  /** A demo track's stored intro (its first bytes, rendered ahead), if there is one. */
  async function readIntro(key: string): Promise<Buffer | null> {
    const introKey = demoIntroKey(key);
    if (!(await storage.stat(introKey))) return null;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of storage.read(introKey)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch {
      return null;
    }
  }

  function startRender(
    key: string,
    trackId: number,
    urgent: boolean,
    intro: Buffer | null = null,
  ): RenderJob | null {
    const demo = parseDemoAudioKey(key);
    if (!demo) return null;
    let render: DemoRender | null = null;
    const job: RenderJob = {
      file: new GrowingFile(demoAudioSize(demo.seed, demo.seconds, demo.style), () =>
        job.prioritise(),
      ),
      urgent,
      promise: Promise.resolve(),
      prioritise: () => render?.setWaited(isWaitedFor(job)),
    };
    // The intro is served at once; the render's own first bytes (the same ones) are skipped.
    let skip = 0;
    if (intro) {
      job.file.append(intro);
      skip = intro.length;
    }
    let first = true;
    render = renderer.render(demo, isWaitedFor(job), (bytes) => {
      if (skip >= bytes.length) skip -= bytes.length;
      else {
        job.file.append(skip ? bytes.subarray(skip) : bytes);
        skip = 0;
      }
      // An urgent render nobody reads any more steps aside once its first bytes exist.
      if (first) job.prioritise();
      first = false;
    });
    const rendered = render.done;
    job.promise = (async () => {
      try {
        const { waveform, loudness } = await rendered;
        job.file.end();
        await storage.write(key, job.file.contents());
        await writes.setWaveform(trackId, waveform);
        // Mono, measured as one channel (BS.1770): the player levels it like any track.
        await writes.setLoudness(trackId, {
          integrated_lufs: loudness.integratedLufs,
          true_peak_dbtp: loudness.truePeakDbtp,
          track_gain_db: replayGainFor(loudness.integratedLufs),
        });
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

  /**
   * The render of a missing demo file, joined or started; null for a file that is not demo
   * audio, or the stored file's facts when it exists (so the send need not look again).
   */
  async function renderFor(
    key: string,
    trackId: number,
    urgent: boolean,
  ): Promise<RenderJob | StoredFileInfo | 'missing' | null> {
    const running = jobs.get(key);
    if (running) {
      running.urgent ||= urgent;
      running.prioritise();
      return running;
    }
    // Not demo audio: nothing to render, and the send finds out whether the file is there.
    if (!parseDemoAudioKey(key)) return null;
    const stored = await storage.stat(key);
    if (stored) return stored;
    const intro = await readIntro(key);
    // Another request may have started it while we looked.
    const started = jobs.get(key);
    if (started) {
      started.urgent ||= urgent;
      started.prioritise();
      return started;
    }
    return startRender(key, trackId, urgent, intro) ?? 'missing';
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
      const rendering = render && 'file' in render ? render.file : null;
      const stored = render && !('file' in render) ? render : undefined;
      return { ...audio, rendering, stored };
    },

    /**
     * Renders the intros (first bytes) of the given tracks' demo audio, one after another in
     * the background, so their first play starts from storage while the rest is rendered.
     */
    async warmUpIntros(trackIds: number[]): Promise<void> {
      for (const id of trackIds) {
        const audio = await catalog.audioFor(id, { userId: null });
        const demo = audio && parseDemoAudioKey(audio.path);
        if (!audio || !demo || jobs.has(audio.path)) continue;
        const introKey = demoIntroKey(audio.path);
        if ((await storage.stat(introKey)) || (await storage.stat(audio.path))) continue;
        const chunks: Buffer[] = [];
        try {
          await renderer.render(demo, false, (bytes) => chunks.push(bytes), DEMO_INTRO_BYTES).done;
          await storage.write(introKey, Buffer.concat(chunks));
        } catch (error) {
          deps.log?.('demo audio intro failed', error);
        }
      }
    },

    /** Renders the given tracks' demo audio one after another, in the background. */
    async warmUp(trackIds: number[]): Promise<void> {
      for (const id of trackIds) {
        const audio = await catalog.audioFor(id, { userId: null });
        if (!audio) continue;
        const render = await renderFor(audio.path, id, false);
        if (render && render !== 'missing' && 'promise' in render) await render.promise;
      }
    },
  };
}
