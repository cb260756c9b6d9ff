import { useMemo } from 'react';
import { useStore } from 'zustand';
import { getBootstrap } from '../../lib/bootstrap.ts';
import { trans } from '../../lib/translator.ts';
import { startMultipartUpload } from './clients/multipart-upload.ts';
import { startS3MultipartUpload, startS3SimpleUpload } from './clients/s3-upload.ts';
import { startTusUpload } from './clients/tus-upload.ts';
import { createUploadStore, type UploadItem, type UploadState } from './upload-store.ts';

/** The app's one upload queue; uploads carry on while the person moves between screens. */
export const uploadStore = createUploadStore({
  clients: {
    tus: startTusUpload,
    s3Simple: startS3SimpleUpload,
    s3Multipart: startS3MultipartUpload,
    multipart: startMultipartUpload,
  },
  settings: () => getBootstrap().settings.uploads,
  userId: () => getBootstrap().user?.id ?? null,
  translate: trans,
});

export function useUploadState<T>(select: (state: UploadState) => T): T {
  return useStore(uploadStore, select);
}

/** The rows one panel added, in the order they were added. */
export function useScopedUploads(scope: string): UploadItem[] {
  const items = useStore(uploadStore, (state) => state.items);
  return useMemo(() => items.filter((item) => item.scope === scope), [items, scope]);
}
