import { useCallback, useEffect, useState } from 'react';
import { formatBytes, type FileEntry } from '@backbeat/common';
import { downloadFileEntry } from '@backbeat/common/contracts';
import { apiUrl } from '../../lib/api.ts';
import { setPageTitle } from '../../lib/document-title.ts';
import { useTrans, useTransChoice } from '../../lib/translator.ts';
import { MediaSummary, useFileEntryDetails } from '../../entities/uploads/index.ts';
import { UploadPage } from '../backstage/upload/upload-page.tsx';

function UploadedEntryRow({ entry }: { entry: FileEntry }) {
  const trans = useTrans();
  const latest = useFileEntryDetails(entry) ?? entry;
  return (
    <tr className="border-t border-border align-top">
      <td className="max-w-[14rem] truncate py-2 pr-3 font-medium" title={latest.name}>
        <a
          href={apiUrl(downloadFileEntry, { id: latest.id })}
          className="hover:underline focus-visible:underline"
          aria-label={trans('Download :name', { name: latest.name })}
        >
          {latest.name}
        </a>
      </td>
      <td className="hidden py-2 pr-3 text-fg-muted sm:table-cell">
        {latest.mime ?? latest.extension ?? '—'}
      </td>
      <td className="hidden py-2 pr-3 whitespace-nowrap text-fg-muted sm:table-cell">
        {formatBytes(latest.file_size)}
      </td>
      <td className="py-2">
        <MediaSummary entry={latest} />
      </td>
    </tr>
  );
}

/**
 * Admin upload (spec 2 §2 `admin/upload`, files.update): backstage's upload page, so audio
 * becomes draft tracks the same way, taking any file type; below it, every entry uploaded on
 * this page with what processing made of it.
 */
export function AdminUploadPage() {
  const trans = useTrans();
  const choice = useTransChoice();
  const [entries, setEntries] = useState<FileEntry[]>([]);
  const onUploaded = useCallback(
    (entry: FileEntry) => setEntries((current) => [entry, ...current]),
    [],
  );
  useEffect(() => setPageTitle(trans('Upload')), [trans]);

  return (
    <div className="flex flex-col gap-6 px-4 py-6 md:px-8">
      <UploadPage scope="admin-upload" accept={null} onUploaded={onUploaded} />
      <section aria-labelledby="admin-uploaded-title" className="flex flex-col gap-2">
        <h2 id="admin-uploaded-title" className="text-lg font-semibold">
          {trans('Uploaded on this page')}
        </h2>
        {entries.length === 0 ? (
          <p className="text-sm text-fg-muted">
            {trans('Files appear here once they are uploaded, with their processing result.')}
          </p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              {choice(':count uploaded file|:count uploaded files', entries.length)}
            </caption>
            <thead className="text-xs text-fg-muted uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {trans('Name')}
                </th>
                <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                  {trans('Type')}
                </th>
                <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                  {trans('Size')}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {trans('Processing')}
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <UploadedEntryRow key={entry.id} entry={entry} />
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
