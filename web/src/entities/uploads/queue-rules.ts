import {
  UPLOAD_INACTIVITY_TIMEOUT_MS,
  uploadQueueConcurrency,
  type ActiveUpload,
  type UploadStatus,
} from '@backbeat/common';

/** What the queue rules read of an item. */
export interface QueuedUpload extends ActiveUpload {
  id: string;
  status: UploadStatus;
  paused: boolean;
}

/**
 * Spec 2 §8: a failed chunk is retried unless the server refused it with a 4xx other than
 * 409 (offset mismatch) or 423 (locked); a browser that knows it is offline does not retry.
 */
export function shouldRetryChunk(status: number, online = true): boolean {
  const clientError = status >= 400 && status < 500;
  return (!clientError || status === 409 || status === 423) && online;
}

/**
 * Spec 2 §4: which waiting uploads start now, in the order they were added. Three run at
 * once, but a folder upload, an S3 multipart upload or a chunked upload larger than one
 * chunk runs alone: it waits for the others to finish, and nothing starts beside it.
 */
export function uploadsToStart(items: readonly QueuedUpload[], chunkSize: number): string[] {
  const running: ActiveUpload[] = items.filter((item) => item.status === 'inProgress');
  const starting: string[] = [];
  for (const item of items) {
    if (item.status !== 'pending' || item.paused) continue;
    const next = [...running, item];
    if (next.length > uploadQueueConcurrency(next, chunkSize)) break;
    running.push(item);
    starting.push(item.id);
  }
  return starting;
}

/** Spec 2 §8: "Upload timed out" after 30 s without progress. */
export function hasTimedOut(lastProgressAt: number, now: number): boolean {
  return now - lastProgressAt >= UPLOAD_INACTIVITY_TIMEOUT_MS;
}

/** Bytes a second, smoothed so the figure does not jump with every progress event. */
export function nextSpeed(
  previous: number | null,
  sample: { bytes: number; ms: number },
): number | null {
  if (sample.ms <= 0) return previous;
  const current = (sample.bytes / sample.ms) * 1000;
  return previous === null ? current : previous * 0.7 + current * 0.3;
}

/** Seconds left at the current speed, or null while it is unknown. */
export function secondsLeft(size: number, sent: number, speed: number | null): number | null {
  if (!speed || speed <= 0) return null;
  return Math.max(0, Math.ceil((size - sent) / speed));
}
