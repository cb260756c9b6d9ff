import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Style } from './plan.ts';
import { generateDemoAudio, yieldToEventLoop } from './generator.ts';
import type { DemoRenderResult, RenderReply, RenderRequest } from './render-messages.ts';

export interface DemoRender {
  /** Settles with the waveform and loudness once every byte was handed to `onBytes`. */
  done: Promise<DemoRenderResult>;
  /** Tells the render whether a listener waits for it (others step aside for it). */
  setWaited(waited: boolean): void;
}

export type DemoRenderer = ReturnType<typeof createDemoRenderer>;

/** The thread is let go once no render ran for this long, so an idle server holds none. */
const IDLE_MS = 10_000;

/** The worker's script: the bundle's sibling file in production, the TypeScript source (via tsx) in tests. */
function startWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./demo-render-worker.js', here));
  // tsx's ESM entry (its package exports give `require` the CommonJS one).
  const tsxRoot = dirname(createRequire(here).resolve('tsx/package.json'));
  const tsx = pathToFileURL(join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const source = new URL('./render-worker.ts', here).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    { eval: true },
  );
}

/**
 * Renders demo tracks on a worker thread: synthesis and encoding take whole cores for
 * seconds, and on the main thread each slice held up every request behind it (a listener
 * pressing play on a rendered track waited for the warm-up's slices). Renders share the
 * one thread; those nobody waits for step aside while a listener waits for another.
 */
export function createDemoRenderer(options: { inThread?: boolean } = {}) {
  let worker: Worker | null = null;
  let nextId = 1;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const jobs = new Map<
    number,
    {
      onBytes: (bytes: Buffer) => void;
      resolve: (result: DemoRenderResult) => void;
      reject: (e: Error) => void;
    }
  >();

  function thread(): Worker {
    if (worker) return worker;
    const started = startWorker();
    started.unref();
    started.on('message', (reply: RenderReply) => {
      const job = jobs.get(reply.id);
      if (!job) return;
      if (reply.type === 'bytes')
        job.onBytes(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.length));
      else {
        jobs.delete(reply.id);
        if (reply.type === 'done') job.resolve(reply.result);
        else job.reject(new Error(reply.message));
        if (!jobs.size) scheduleStop();
      }
    });
    const fail = (error: Error) => {
      if (worker !== started) return;
      worker = null;
      for (const job of jobs.values()) job.reject(error);
      jobs.clear();
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`demo render thread exited (${code})`)));
    worker = started;
    return started;
  }

  function scheduleStop() {
    clearTimeout(idle);
    idle = setTimeout(() => {
      if (jobs.size || !worker) return;
      const stopping = worker;
      worker = null;
      void stopping.terminate();
    }, IDLE_MS);
    idle.unref();
  }

  /** The same work on this thread: for a runtime without workers. */
  function renderHere(
    demo: { seed: number; seconds: number; style: Style },
    waited: boolean,
    onBytes: (bytes: Buffer) => void,
    stopAfterBytes?: number,
  ): DemoRender {
    const state = { waited };
    const done = generateDemoAudio(
      demo.seed,
      demo.seconds,
      demo.style,
      yieldToEventLoop,
      onBytes,
      stopAfterBytes,
    );
    return {
      done: done.then(({ waveform, loudness }) => ({ waveform, loudness })),
      setWaited: (value) => void (state.waited = value),
    };
  }

  return {
    render(
      demo: { seed: number; seconds: number; style: Style },
      waited: boolean,
      onBytes: (bytes: Buffer) => void,
      /** Only the first bytes (an intro). */
      stopAfterBytes?: number,
    ): DemoRender {
      if (options.inThread) return renderHere(demo, waited, onBytes, stopAfterBytes);
      clearTimeout(idle);
      const id = nextId++;
      const done = new Promise<DemoRenderResult>((resolve, reject) =>
        jobs.set(id, { onBytes, resolve, reject }),
      );
      const post = (request: RenderRequest) => thread().postMessage(request);
      post({ type: 'render', id, ...demo, waited, stopAfterBytes });
      let last = waited;
      return {
        done,
        setWaited(value) {
          if (value === last || !jobs.has(id)) return;
          last = value;
          post({ type: 'priority', id, waited: value });
        },
      };
    },
    async close(): Promise<void> {
      clearTimeout(idle);
      const stopping = worker;
      worker = null;
      await stopping?.terminate();
    },
  };
}
