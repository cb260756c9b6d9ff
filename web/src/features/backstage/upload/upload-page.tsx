import { useCallback, useEffect, useRef, useState } from 'react';
import type { BackstageTrack, FileEntry } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { errorMessage } from '../../../lib/api-error.ts';
import { api } from '../../../lib/api.ts';
import { useTrans, useTransChoice } from '../../../lib/translator.ts';
import { MediaSummary, UploadPanel, useFileEntryDetails } from '../../../entities/uploads/index.ts';
import { refreshBackstage } from '../queries.ts';
import { DraftReview } from './draft-review.tsx';

const settled = (entry: FileEntry) =>
  !entry.media || entry.media.status === 'ready' || entry.media.status === 'failed';

/** One uploaded file while the media pipeline reads it; reports once it has finished. */
function ProcessingEntry({
  entry,
  onSettled,
}: {
  entry: FileEntry;
  onSettled: (entry: FileEntry) => void;
}) {
  const latest = useFileEntryDetails(entry) ?? entry;
  const done = settled(latest);
  useEffect(() => {
    if (done) onSettled(latest);
  }, [done, latest, onSettled]);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      <span className="min-w-0 flex-1 truncate font-medium">{latest.name}</span>
      <MediaSummary entry={latest} />
    </li>
  );
}

/**
 * `backstage/upload` (and admin's upload screen): audio files go up through the shared upload panel (drag and drop,
 * folders, tus or S3, pause and resume); once the media pipeline has read a file (tags,
 * artwork, waveform, loudness) it becomes a draft track pre-filled from them, and the drafts
 * are reviewed by album and published.
 */
export function UploadPage({
  scope = 'backstage-upload',
  accept = ['audio/*'],
  onUploaded: alsoOnUploaded,
}: {
  /** The upload rows this page lists (admin and backstage keep theirs apart). */
  scope?: string;
  /** What the panel takes; null for any type (admin's screen), of which only audio is drafted. */
  accept?: string[] | null;
  onUploaded?: (entry: FileEntry) => void;
} = {}) {
  const trans = useTrans();
  const transChoice = useTransChoice();
  const [processing, setProcessing] = useState<FileEntry[]>([]);
  const [drafts, setDrafts] = useState<BackstageTrack[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [unreadable, setUnreadable] = useState<string[]>([]);
  const started = useRef(new Set<number>());
  // Drafts are made one request at a time, so files of one album find the album the first made.
  const queue = useRef(Promise.resolve());

  const onUploaded = useCallback(
    (entry: FileEntry) => {
      alsoOnUploaded?.(entry);
      if (entry.mime?.startsWith('audio/')) setProcessing((list) => [...list, entry]);
    },
    [alsoOnUploaded],
  );
  const onSettled = useCallback(
    (entry: FileEntry) => {
      if (started.current.has(entry.id)) return;
      started.current.add(entry.id);
      if (entry.media?.status === 'failed') {
        // The row above already says why; a file that does not decode cannot be a track.
        setUnreadable((list) => [...list, entry.name]);
        setProcessing((list) => list.filter((item) => item.id !== entry.id));
        return;
      }
      queue.current = queue.current.then(async () => {
        try {
          const { tracks } = await api(endpoints.createDrafts, { file_entry_ids: [entry.id] });
          setDrafts((list) => [...list, ...tracks]);
          void refreshBackstage();
        } catch (error) {
          setFailure(`${entry.name}: ${trans(errorMessage(error))}`);
        } finally {
          setProcessing((list) => list.filter((item) => item.id !== entry.id));
        }
      });
    },
    [trans],
  );

  return (
    <section aria-labelledby="upload-title" className="flex flex-col gap-6">
      <h1 id="upload-title" className="text-2xl font-semibold">
        {trans('Upload')}
      </h1>
      <p className="text-sm text-fg-muted">
        {trans('Each audio file becomes a draft track filled in from its tags.')}
      </p>
      <UploadPanel
        title={trans('Add files')}
        scope={scope}
        accept={accept ?? undefined}
        onUploaded={onUploaded}
      />
      {processing.length > 0 && (
        <section aria-labelledby="upload-reading-title" className="flex flex-col gap-2">
          <h2 id="upload-reading-title" className="text-lg font-semibold">
            {trans('Reading tags and artwork')}
          </h2>
          <ul aria-label={trans('Reading tags and artwork')} className="flex flex-col gap-2">
            {processing.map((entry) => (
              <ProcessingEntry key={entry.id} entry={entry} onSettled={onSettled} />
            ))}
          </ul>
        </section>
      )}
      {unreadable.length > 0 && (
        <p role="status" className="text-sm text-fg-muted">
          {trans(':names could not be read as audio, so no draft was made.', {
            names: unreadable.join(', '),
          })}
        </p>
      )}
      {failure && (
        <p role="alert" className="text-sm text-danger">
          {failure}
        </p>
      )}
      {drafts.length > 0 && (
        <>
          <h2 className="text-lg font-semibold">
            {transChoice(
              ':count draft ready for review|:count drafts ready for review',
              drafts.length,
            )}
          </h2>
          <DraftReview drafts={drafts} onChange={setDrafts} />
        </>
      )}
    </section>
  );
}
