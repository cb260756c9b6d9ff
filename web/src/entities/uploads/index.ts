/** The upload panel and queue, for every area that takes files (admin, backstage). */
export { UploadPanel, type UploadPanelProps } from './upload-panel.tsx';
export { MediaSummary, Waveform } from './media-summary.tsx';
export { useFileEntryDetails } from './file-entry-details.ts';
export { uploadStore, useScopedUploads, useUploadState } from './upload-queue.ts';
export type { UploadItem } from './upload-store.ts';
