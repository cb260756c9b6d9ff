import {
  pendingMediaAnalysis,
  type MediaAnalysis,
  type MediaProcessingStatus,
} from '@backbeat/common';
import { DecodeError } from '../../lib/audio/ffmpeg.ts';
import { notFound } from '../../lib/domain-errors.ts';
import { processedImage } from '../../lib/image-upload.ts';
import { JOB_ATTEMPTS, type JobContext, type JobQueue } from '../../jobs/queue.ts';
import { storePublicArtwork } from '../../storage/public-artwork.ts';
import type { Storage } from '../../storage/storage.ts';
import type { FileEntriesService } from '../file-entries/service.ts';
import { analyseAudio } from './analyse.ts';

export const MEDIA_JOB = 'media-process';
/** Embedded covers larger than this are not kept (a real cover is well under a megabyte). */
const MAX_ARTWORK_BYTES = 10 * 1024 * 1024;
export const PROCESSING_FAILED = 'Processing failed. Please upload the file again.';

export type MediaService = ReturnType<typeof createMediaService>;

/**
 * The media pipeline: after an audio upload, a job reads the file once for its tags and
 * cover and decodes it once for the waveform and loudness, then writes the analysis onto the
 * file entry. A file that does not decode is marked failed with the reason; other errors
 * (storage unreachable) are retried by the queue and marked failed after the last attempt.
 */
export function createMediaService(deps: {
  entries: Pick<
    FileEntriesService,
    'forProcessing' | 'recordMedia' | 'unfinishedMedia' | 'failedMedia' | 'resetFailedMedia'
  >;
  storage: Pick<Storage, 'read' | 'write'>;
  jobs: Pick<JobQueue, 'define' | 'add'>;
  log?: (message: string, error: unknown) => void;
}) {
  const { entries, storage, jobs } = deps;

  async function process(entryId: number, context?: JobContext): Promise<MediaAnalysis | null> {
    const entry = await entries.forProcessing(entryId);
    // Gone, or already done by another instance before this one was restarted.
    if (!entry || entry.media_status === 'ready' || entry.media_status === 'failed') return null;
    await entries.recordMedia(entryId, pendingMediaAnalysis('processing'));
    try {
      const { media, artwork } = await analyseAudio(
        {
          open: (range) => storage.read(entry.path, range),
          size: Number(entry.file_size),
          mime: entry.mime,
          name: entry.name,
        },
        { signal: context?.signal },
      );
      let artworkUrl: string | null = null;
      if (artwork && entry.user_id !== null) {
        try {
          // Public artwork, like artwork uploaded in an editor: the release's cover is seen
          // by every listener of it, and its address is one every image field accepts.
          const image = await processedImage(artwork.bytes, MAX_ARTWORK_BYTES, 'artwork');
          artworkUrl = await storePublicArtwork(storage, image);
        } catch (error) {
          // A broken cover does not make the audio unusable.
          deps.log?.('embedded artwork skipped', error);
        }
      }
      const result: MediaAnalysis = { ...media, artwork_url: artworkUrl };
      await entries.recordMedia(entryId, result);
      return result;
    } catch (error) {
      const final =
        error instanceof DecodeError || (context?.attempt ?? JOB_ATTEMPTS) >= JOB_ATTEMPTS;
      if (!final) {
        await entries.recordMedia(entryId, pendingMediaAnalysis('pending'));
        throw error;
      }
      const reason = error instanceof DecodeError ? error.message : PROCESSING_FAILED;
      if (!(error instanceof DecodeError)) deps.log?.('media processing failed', error);
      const failed = pendingMediaAnalysis('failed', reason);
      await entries.recordMedia(entryId, failed);
      return failed;
    }
  }

  jobs.define<{ entryId: number }>(MEDIA_JOB, async ({ entryId }, context) => {
    await process(entryId, context);
  });

  const jobId = (entryId: number) => `media-${entryId}`;
  /** Queues the entry's job even if one of its id already ended (it runs again). */
  const queueAgain = (entryId: number) =>
    jobs.add(MEDIA_JOB, { entryId }, { jobId: jobId(entryId), again: true });

  return {
    process,
    /** Queues the pipeline for an entry; one job per entry however often it is asked. */
    queue(entryId: number): Promise<void> {
      return jobs.add(MEDIA_JOB, { entryId }, { jobId: jobId(entryId) });
    },

    /**
     * At start: queues again every entry left pending or processing (an instance killed
     * mid-job, the in-process queue's jobs lost with their process, a queue that was down).
     * A job still waiting or running is left alone, so two starts do not run it twice, and
     * an entry already done is not listed (nor processed: `process` skips it).
     */
    async resumeUnfinished(): Promise<number> {
      const ids = await entries.unfinishedMedia();
      for (const id of ids) await queueAgain(id);
      return ids.length;
    },

    /** Audio entries whose processing failed, for the admin (media jobs). */
    failedJobs: (query: { page: number; perPage: number }) => entries.failedMedia(query),

    /** Runs a failed entry's processing again; an entry not failed (any more) keeps its state. */
    async retry(entryId: number): Promise<MediaProcessingStatus> {
      await entries.resetFailedMedia(entryId);
      const entry = await entries.forProcessing(entryId);
      if (!entry) throw notFound();
      const status = entry.media_status as MediaProcessingStatus;
      if (status === 'pending' || status === 'processing') await queueAgain(entryId);
      return status;
    },
  };
}
