import { uploadFileEntry } from '@backbeat/common/contracts';
import { apiUpload } from '../../../lib/api.ts';
import type { StartUpload } from './types.ts';

/** Spec 2 §7 plain multipart: `POST file-entries` with file, clientMime, clientExtension, metadata. */
export const startMultipartUpload: StartUpload = ({ file, info, metadata, onProgress }) => {
  const controller = new AbortController();
  const form = new FormData();
  if (info.mime) form.append('clientMime', info.mime);
  if (info.extension) form.append('clientExtension', info.extension);
  form.append('metadata', JSON.stringify(metadata));
  form.append('file', file, info.name);
  const done = apiUpload(uploadFileEntry, {}, form, {
    signal: controller.signal,
    onProgress: (fraction) => onProgress(Math.round(fraction * info.size)),
  }).then(({ fileEntry }) => fileEntry);
  return {
    done,
    stop: async () => controller.abort(),
  };
};
