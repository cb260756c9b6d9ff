import { createReadStream } from 'node:fs';
import { DecodeError } from '../../lib/audio/ffmpeg.ts';
import { resolveInside } from '../../storage/library-files.ts';
import type { LibraryCatalog } from '../catalog-writes/library.ts';
import { analyseAudio } from '../media/analyse.ts';
import { mimeOf } from './files.ts';
import type { ScanDeps } from './scan.ts';

/** Decodes at once (each one is an ffmpeg process of its own). */
const CONCURRENCY = 2;

const finite = (value: number | undefined | null): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export interface AnalysisDeps {
  repository: Pick<ScanDeps['repository'], 'pendingAnalysis' | 'updateFile'>;
  catalog: Pick<LibraryCatalog, 'saveAnalysis' | 'removeTracks'>;
  log?: ScanDeps['log'];
}

export interface AnalysisResult {
  analysed: number;
  /** Files that turned out not to be audio: their tracks left the catalog. */
  failed: number;
  stopped: boolean;
}

/**
 * The second half of a scan (issue 18): a scan saves each new or changed file's track from its
 * tags (the catalog fills at the speed of reading tags), and this decodes those files after,
 * with the upload pipeline's analysis, for their waveform, loudness, gapless figures and exact
 * length. What waits is known by its empty waveform, so a run that stopped resumes next time.
 * A file that does not decode loses its track and keeps the reason, as in the scan.
 */
export async function analysePending(
  folder: { id: number; path: string },
  deps: AnalysisDeps,
  hooks: { heartbeat: () => Promise<boolean>; signal?: AbortSignal },
): Promise<AnalysisResult> {
  const pending = await deps.repository.pendingAnalysis(folder.id);
  const result: AnalysisResult = { analysed: 0, failed: 0, stopped: false };
  let next = 0;

  async function analyseOne(row: (typeof pending)[number]) {
    const path = await resolveInside(folder.path, row.relative_path);
    if (!path) return; // Gone or moved out since the scan: the next scan sees to it.
    try {
      const analysed = await analyseAudio(
        {
          open: (range) =>
            createReadStream(path, range ? { start: range.start, end: range.end } : {}),
          size: Number(row.size),
          mime: mimeOf(row.relative_path),
          name: row.relative_path,
        },
        { signal: hooks.signal },
      );
      const { media } = analysed;
      const loudness = media.loudness;
      await deps.catalog.saveAnalysis(row.track_id!, {
        durationMs: media.duration_ms ?? 0,
        // Never empty once measured: an empty waveform is what marks a track as waiting.
        waveform: media.waveform.length ? media.waveform : [0],
        loudness:
          loudness && finite(loudness.integrated_lufs) && finite(loudness.true_peak_dbtp)
            ? {
                integrated_lufs: loudness.integrated_lufs,
                true_peak_dbtp: loudness.true_peak_dbtp,
                track_gain_db: loudness.track_gain_db,
              }
            : null,
        gapless: media.gapless,
      });
      result.analysed++;
    } catch (error) {
      if (hooks.signal?.aborted) throw error;
      if (!(error instanceof DecodeError)) {
        deps.log?.(`library file analysis failed: ${row.relative_path}`, error);
        return;
      }
      result.failed++;
      await deps.catalog.removeTracks([row.track_id!]);
      await deps.repository.updateFile(row.id, {
        track_id: null,
        error: error.message,
        updated_at: new Date().toISOString(),
      });
    }
  }

  async function worker() {
    while (next < pending.length && !result.stopped) {
      if (!(await hooks.heartbeat())) {
        result.stopped = true;
        return;
      }
      await analyseOne(pending[next++]!);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return result;
}
