import { createReadStream } from 'node:fs';
import { WAVEFORM_POINTS } from '@backbeat/common';
import { decodeToPcm } from '../../lib/audio/ffmpeg.ts';
import { WaveformCollector } from '../../lib/audio/waveform.ts';
import { resolveInside } from '../../storage/library-files.ts';
import type { LibraryCatalog } from '../catalog-writes/library.ts';
import type { LibraryFoldersRepository } from './repository.ts';

/**
 * Peaks for the seek bar need neither every channel nor the full rate: two channels at
 * 22.05 kHz keep the shape and halve the samples a 44.1 kHz file would give.
 */
const WAVEFORM_DECODE = { channels: 2, sampleRate: 22_050 };
/**
 * How long the first ask waits for the waveform; a longer decode (a long track on a busy
 * machine) finishes in the background and the next ask has it.
 */
export const WAVEFORM_WAIT_MS = 3000;

export interface WaveformDeps {
  repository: Pick<LibraryFoldersRepository, 'fileOfTrack'>;
  catalog: Pick<LibraryCatalog, 'setWaveform'>;
  log?: (message: string, error: unknown) => void;
}

/**
 * Library waveforms on demand (issue 42): the background analysis measures loudness and
 * length only, and a track's waveform is decoded (at low priority) the first time someone
 * asks for the track, then kept. One decode per track however many ask at once.
 */
export function createLibraryWaveforms(deps: WaveformDeps) {
  const running = new Map<number, Promise<number[] | null>>();

  async function decode(trackId: number): Promise<number[] | null> {
    const file = await deps.repository.fileOfTrack(trackId);
    if (!file) return null; // Not a library track (an upload keeps its waveform from publish).
    const path = await resolveInside(file.root, file.relativePath);
    if (!path) return null;
    const collector = new WaveformCollector(WAVEFORM_DECODE.channels);
    for await (const chunk of decodeToPcm(createReadStream(path), {
      ...WAVEFORM_DECODE,
      lowPriority: true,
    })) {
      collector.add(chunk);
    }
    const peaks = collector.peaks(WAVEFORM_POINTS);
    // Never empty once made: an empty waveform is what asks for it.
    const waveform = peaks.length ? peaks : [0];
    await deps.catalog.setWaveform(trackId, waveform);
    return waveform;
  }

  return {
    /** The track's waveform, made now if it is a library track without one (else null). */
    async waveformOf(trackId: number): Promise<number[] | null> {
      let job = running.get(trackId);
      if (!job) {
        job = decode(trackId)
          .catch((error: unknown) => {
            deps.log?.(`waveform of library track ${trackId} failed`, error);
            return null;
          })
          .finally(() => running.delete(trackId));
        running.set(trackId, job);
      }
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), WAVEFORM_WAIT_MS);
      });
      try {
        return await Promise.race([job, waited]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
