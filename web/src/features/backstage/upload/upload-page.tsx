import { useId, useState } from 'react';
import type { BackstageTrack } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { errorMessage } from '../../../lib/api-error.ts';
import { api } from '../../../lib/api.ts';
import { useTrans, useTransChoice } from '../../../lib/translator.ts';
import { buttonClass } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { uploadEntry } from '../components/file-upload-button.tsx';
import { refreshBackstage } from '../queries.ts';
import { DraftReview } from './draft-review.tsx';

interface Item {
  name: string;
  progress: number;
  error: string | null;
}

/**
 * `backstage/upload`: audio files go up, each becomes a draft track pre-filled from its tags,
 * and the drafts are reviewed by album and published. (A plain file input until the shared
 * upload panel lands on main.)
 */
export function UploadPage() {
  const trans = useTrans();
  const transChoice = useTransChoice();
  const inputId = useId();
  const [items, setItems] = useState<Item[]>([]);
  const [drafts, setDrafts] = useState<BackstageTrack[]>([]);
  const [busy, setBusy] = useState(false);

  const upload = async (files: File[]) => {
    if (!files.length) return;
    setBusy(true);
    setItems(files.map((file) => ({ name: file.name, progress: 0, error: null })));
    const update = (index: number, change: Partial<Item>) =>
      setItems((list) => list.map((item, i) => (i === index ? { ...item, ...change } : item)));
    const ids: number[] = [];
    for (const [index, file] of files.entries()) {
      try {
        const entry = await uploadEntry(file, ['audio/*'], (progress) =>
          update(index, { progress }),
        );
        update(index, { progress: 1 });
        ids.push(entry.id);
      } catch (failure) {
        update(index, { error: trans(errorMessage(failure, 'file')) });
      }
    }
    try {
      if (ids.length) {
        const { tracks } = await api(endpoints.createDrafts, { file_entry_ids: ids });
        setDrafts((list) => [...list, ...tracks]);
        void refreshBackstage();
      }
    } catch (failure) {
      setItems((list) => [
        ...list,
        { name: trans('Drafts'), progress: 0, error: trans(errorMessage(failure)) },
      ]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="upload-title" className="flex flex-col gap-6">
      <h1 id="upload-title" className="text-2xl font-semibold">
        {trans('Upload')}
      </h1>
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-10 text-center">
        <Icon name="music" size={36} className="text-fg-muted" />
        <p className="text-sm text-fg-muted">
          {trans('Each audio file becomes a draft track filled in from its tags.')}
        </p>
        <label htmlFor={inputId} className={buttonClass('primary', 'md', 'cursor-pointer')}>
          {trans('Choose audio files')}
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept="audio/*"
          className="sr-only"
          disabled={busy}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void upload(files);
          }}
        />
      </div>
      {items.length > 0 && (
        <ul aria-label={trans('Uploads')} className="flex flex-col gap-2">
          {items.map((item, index) => (
            <li key={index} className="flex flex-wrap items-center gap-3 text-sm">
              <span className="min-w-0 flex-1 truncate">{item.name}</span>
              {item.error ? (
                <span role="alert" className="text-danger">
                  {item.error}
                </span>
              ) : (
                <progress
                  className="h-1.5 w-40 accent-[rgb(var(--be-primary))]"
                  value={Math.round(item.progress * 100)}
                  max={100}
                  aria-label={trans('Uploading :name', { name: item.name })}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {busy && (
        <p role="status" className="text-sm text-fg-muted">
          {trans('Uploading')}
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
