import { useEffect, useId, useRef } from 'react';
import type { FileEntry } from '@backbeat/common';
import { useTrans, useTransChoice } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import type { PickedFile } from './dropped-files.ts';
import { UploadDropzone } from './upload-dropzone.tsx';
import { uploadStore, useScopedUploads, useUploadState } from './upload-queue.ts';
import { UploadRow } from './upload-row.tsx';
import { UnfinishedUploads } from './unfinished-uploads.tsx';

export interface UploadPanelProps {
  /** Types this panel takes (`audio/*`, `mp3`); they narrow the site's rules, never widen. */
  accept?: string[];
  /** Sent with every file (spec 2 §7 `metadata`: parentId and the like). */
  metadata?: Record<string, unknown>;
  /** Called with each file entry as its upload completes. */
  onUploaded?: (entry: FileEntry) => void;
  title?: string;
  /** Which rows this panel lists; panels with the same scope share them. */
  scope?: string;
}

/**
 * The reusable upload panel (spec 2 §4): a dropzone for files and folders, then one row per
 * file with its progress and actions, fed by the app's single upload queue. Completions and
 * failures are read out through a polite live region.
 */
export function UploadPanel({
  accept,
  metadata,
  onUploaded,
  title,
  scope = 'uploads',
}: UploadPanelProps) {
  const trans = useTrans();
  const choice = useTransChoice();
  const headingId = useId();
  const items = useScopedUploads(scope);
  const announcement = useUploadState((state) => state.announcement);
  // The callback of the latest render, even for uploads added by an earlier one.
  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  }, [onUploaded]);

  const addFiles = (files: PickedFile[]) => {
    uploadStore.getState().add(files, {
      scope,
      accept,
      metadata,
      onUploaded: (entry) => uploaded.current?.(entry),
    });
  };

  const finished = items.filter((item) => item.status === 'completed').length;
  const settled = items.filter((item) => !['pending', 'inProgress'].includes(item.status)).length;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold text-fg">
        {title ?? trans('Upload files')}
      </h2>
      <UploadDropzone accept={accept} onFiles={addFiles} />
      <UnfinishedUploads />
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
      {items.length === 0 ? (
        <p className="text-center text-sm text-fg-muted">
          {trans('Nothing uploaded yet. Files you add appear here with their progress.')}
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-fg-muted">
              {choice(
                ':done of :count file uploaded|:done of :count files uploaded',
                items.length,
                {
                  done: finished,
                },
              )}
            </p>
            {settled > 0 && (
              <Button
                size="xs"
                variant="text"
                onClick={() => uploadStore.getState().clearFinished(scope)}
              >
                {trans('Clear finished')}
              </Button>
            )}
          </div>
          <ul aria-label={trans('Uploads')} className="flex flex-col gap-2">
            {items.map((item) => (
              <UploadRow key={item.id} item={item} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
