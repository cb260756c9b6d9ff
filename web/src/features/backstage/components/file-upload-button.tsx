import { useId, useRef, useState } from 'react';
import type { FileEntry } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { errorMessage } from '../../../lib/api-error.ts';
import { apiUpload } from '../../../lib/api.ts';
import { useTrans } from '../../../lib/translator.ts';
import { buttonClass } from '../../../ui/button.tsx';

/** Uploads one file through `POST file-entries` and hands back its entry. */
export async function uploadEntry(
  file: File,
  accept: string[],
  onProgress?: (fraction: number) => void,
): Promise<FileEntry> {
  const form = new FormData();
  form.append('clientMime', file.type);
  form.append('clientExtension', file.name.split('.').pop() ?? '');
  form.append('metadata', JSON.stringify({ accept }));
  form.append('file', file, file.name);
  return (await apiUpload(endpoints.uploadFileEntry, {}, form, { onProgress })).fileEntry;
}

/** Uploads artwork or an artist image to public storage; answers its address. */
export async function uploadArtworkFile(
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await apiUpload(endpoints.uploadArtwork, {}, form, { onProgress })).image;
}

/**
 * A labelled file button for one file at a time (replacement audio, proof files, artwork);
 * shows progress and the server's refusal. `upload` sends it (a file entry by default).
 */
export function FileUploadButton<T = FileEntry>({
  label,
  accept,
  onUploaded,
  upload,
}: {
  label: string;
  accept: string[];
  onUploaded: (result: T) => void;
  upload?: (file: File, onProgress: (fraction: number) => void) => Promise<T>;
}) {
  const trans = useTrans();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      onUploaded(
        upload
          ? await upload(file, setProgress)
          : ((await uploadEntry(file, accept, setProgress)) as T),
      );
    } catch (failure) {
      setError(trans(errorMessage(failure, 'file')));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={buttonClass('outline', 'sm', 'w-fit cursor-pointer')}>
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept.join(',')}
        className="sr-only"
        onChange={(event) => void pick(event.target.files?.[0])}
      />
      {progress !== null && (
        <progress
          className="h-1.5 w-48 accent-[rgb(var(--be-primary))]"
          value={Math.round(progress * 100)}
          max={100}
          aria-label={trans('Uploading')}
        />
      )}
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
