import { createReadStream } from 'node:fs';
import { replayGainFor } from '@backbeat/common';
import { availableParallelism } from 'node:os';
import { DecodeError } from '../../lib/audio/ffmpeg.ts';
import { measureLoudness, type MeasuredAudio } from '../../lib/audio/measure-loudness.ts';
import { resolveInside } from '../../storage/library-files.ts';
import type { LibraryCatalog } from '../catalog-writes/library.ts';
import { readCarriedFacts, type CarriedFacts } from '../media/carried-facts.ts';
import { mimeOf } from './files.ts';
import type { ScanDeps } from './scan.ts';

/**
 * Files one ffmpeg measures: Debian's ffmpeg spends about as much CPU starting as it takes
 * to decode a short track, so a batch shares one start (bench: analysis of 10,000 files).
 */
const BATCH_FILES = 16;
/** When a file's stated length is this close to the decoded one, the stated (exact) one wins. */
const LENGTH_TOLERANCE_SECONDS = 1;

export interface AnalysisDeps {
  repository: Pick<ScanDeps['repository'], 'pendingAnalysis' | 'updateFile' | 'markAnalysed'>;
  catalog: Pick<LibraryCatalog, 'saveAnalyses' | 'removeTracks'>;
  log?: ScanDeps['log'];
}

export interface AnalysisResult {
  analysed: number;
  /** Measured from their tags and headers alone (ReplayGain and an exact length). */
  fromTags: number;
  /** Files that turned out not to be audio: their tracks left the catalog. */
  failed: number;
  stopped: boolean;
}

type PendingRow = Awaited<ReturnType<AnalysisDeps['repository']['pendingAnalysis']>>[number];

interface Located {
  row: PendingRow;
  path: string;
  facts: CarriedFacts | null;
}

const statesEverything = (facts: CarriedFacts | null) =>
  !!(facts?.loudness && facts.frames && facts.sampleRate);

/** The track's figures from what the file states and, when it was decoded, what ffmpeg measured. */
function figuresOf(facts: CarriedFacts | null, measured: MeasuredAudio | null) {
  const sampleRate = measured?.sampleRate ?? facts?.sampleRate ?? 44_100;
  const stated = facts?.frames ?? null;
  const frames =
    measured === null
      ? stated!
      : stated && Math.abs(stated - measured.frames) < sampleRate * LENGTH_TOLERANCE_SECONDS
        ? stated
        : measured.frames;
  const loudness =
    facts?.loudness ??
    (measured
      ? {
          integrated_lufs: measured.integratedLufs,
          true_peak_dbtp: measured.truePeakDbtp,
          track_gain_db: replayGainFor(measured.integratedLufs),
        }
      : null);
  return {
    durationMs: Math.round((frames / sampleRate) * 1000),
    loudness,
    gapless: facts?.gapless ?? null,
  };
}

/**
 * The second half of a scan (issues 18 and 42): a scan saves each new or changed file's track
 * from its tags (the catalog fills at the speed of reading tags), and this measures those
 * files after. What a file states is read first (LAME/Xing header, iTunSMPB, stream sample
 * counts, ReplayGain or R128 tags); the rest are decoded once, in batches, one low-priority
 * ffmpeg per core, for loudness, true peak and exact length. Waveforms are made when a track's
 * is first asked for (service.ts). What waits is known by its file's empty `analysed_at`, so
 * a run that stopped resumes next time. A file that does not decode loses its track and keeps
 * the reason, as in the scan.
 */
export async function analysePending(
  folder: { id: number; path: string },
  deps: AnalysisDeps,
  hooks: { heartbeat: () => Promise<boolean>; signal?: AbortSignal },
): Promise<AnalysisResult> {
  const pending = await deps.repository.pendingAnalysis(folder.id);
  const result: AnalysisResult = { analysed: 0, fromTags: 0, failed: 0, stopped: false };
  let next = 0;

  async function locate(row: PendingRow): Promise<Located | null> {
    const path = await resolveInside(folder.path, row.relative_path);
    if (!path) return null; // Gone or moved out since the scan: the next scan sees to it.
    const facts = await readCarriedFacts({
      open: (range) => createReadStream(path, range ? { start: range.start, end: range.end } : {}),
      size: Number(row.size),
      mime: mimeOf(row.relative_path),
      name: row.relative_path,
    }).catch(() => null);
    return { row, path, facts };
  }

  async function fail(row: PendingRow, error: DecodeError) {
    result.failed++;
    await deps.catalog.removeTracks([row.track_id!]);
    await deps.repository.updateFile(row.id, {
      track_id: null,
      error: error.message,
      updated_at: new Date().toISOString(),
    });
  }

  async function analyseBatch(rows: PendingRow[]) {
    const located = (await Promise.all(rows.map(locate))).filter((entry) => entry !== null);
    const toDecode = located.filter((entry) => !statesEverything(entry.facts));
    const measured = await measureLoudness(
      toDecode.map((entry) => entry.path),
      { signal: hooks.signal },
    );
    const saves: Parameters<AnalysisDeps['catalog']['saveAnalyses']>[0] = [];
    const done: number[] = [];
    for (const entry of located) {
      const decodedAt = toDecode.indexOf(entry);
      const figures = decodedAt < 0 ? null : measured[decodedAt]!;
      if (figures instanceof DecodeError) {
        await fail(entry.row, figures);
        continue;
      }
      if (!figures) result.fromTags++;
      saves.push({ trackId: entry.row.track_id!, ...figuresOf(entry.facts, figures) });
      done.push(entry.row.id);
    }
    await deps.catalog.saveAnalyses(saves);
    await deps.repository.markAnalysed(done, new Date().toISOString());
    result.analysed += done.length;
  }

  async function worker() {
    while (next < pending.length && !result.stopped) {
      if (!(await hooks.heartbeat())) {
        result.stopped = true;
        return;
      }
      const batch = pending.slice(next, next + BATCH_FILES);
      next += batch.length;
      try {
        await analyseBatch(batch);
      } catch (error) {
        if (hooks.signal?.aborted) throw error;
        // Left waiting (storage or database trouble): the next run tries them again.
        deps.log?.(`library analysis of ${batch.length} files failed`, error);
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
  return result;
}
