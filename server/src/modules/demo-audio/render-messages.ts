import type { LoudnessResult } from '../../lib/audio/loudness-meter.ts';

/** What a finished render reports besides its bytes. */
export interface DemoRenderResult {
  waveform: number[];
  loudness: LoudnessResult;
}

/** What the main thread asks of the demo-audio render thread. */
export type RenderRequest =
  | {
      type: 'render';
      id: number;
      seed: number;
      seconds: number;
      style: string;
      waited: boolean;
      /** Only the first bytes (an intro). */
      stopAfterBytes?: number;
    }
  /** A listener started or stopped waiting for this render. */
  | { type: 'priority'; id: number; waited: boolean };

/** What the render thread answers, per render. */
export type RenderReply =
  | { type: 'bytes'; id: number; bytes: Uint8Array }
  | { type: 'done'; id: number; result: DemoRenderResult }
  | { type: 'failed'; id: number; message: string };
