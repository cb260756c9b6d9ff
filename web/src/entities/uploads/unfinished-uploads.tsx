import { useEffect, useState } from 'react';
import { formatBytes } from '@backbeat/common';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import {
  forgetTusUpload,
  unfinishedTusUploads,
  type UnfinishedUpload,
} from './clients/tus-upload.ts';
import { useUploadState } from './upload-queue.ts';

/**
 * Chunked uploads left unfinished on an earlier visit (a reload, a closed tab): the server
 * keeps their bytes for a day, and choosing the same file again continues from there. Ones
 * being sent again right now are not listed.
 */
export function UnfinishedUploads() {
  const trans = useTrans();
  const user = useCurrentUser();
  const items = useUploadState((state) => state.items);
  const [unfinished, setUnfinished] = useState<UnfinishedUpload[]>([]);
  // Read again whenever an upload starts or ends, since either changes what is kept.
  const signature = items.map((item) => `${item.id}:${item.status}`).join(',');

  useEffect(() => {
    if (!user) return;
    let current = true;
    void unfinishedTusUploads(user.id).then((found) => current && setUnfinished(found));
    return () => {
      current = false;
    };
  }, [user, signature]);

  const queued = new Set(
    items
      .filter((item) => item.status !== 'aborted' && item.status !== 'failed')
      .map((item) => `${item.info.name}:${item.size}`),
  );
  const shown = unfinished.filter((upload) => !queued.has(`${upload.name}:${upload.size}`));
  if (!shown.length) return null;

  const forget = async (upload: UnfinishedUpload) => {
    setUnfinished((list) => list.filter((entry) => entry.key !== upload.key));
    await forgetTusUpload(upload);
  };

  return (
    <section
      aria-label={trans('Unfinished uploads')}
      className="flex flex-col gap-2 rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm"
    >
      <p className="flex items-start gap-2 text-fg">
        <Icon name="history" size={18} className="mt-0.5 shrink-0 text-warning" />
        {trans('Unfinished uploads: choose the same file again to continue where it stopped.')}
      </p>
      <ul className="flex flex-col gap-1">
        {shown.map((upload) => (
          <li key={upload.key} className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 truncate">
              {upload.name}
              {upload.size !== null && (
                <span className="text-fg-muted"> · {formatBytes(upload.size)}</span>
              )}
            </span>
            <Button
              size="xs"
              variant="text"
              aria-label={trans('Forget :name', { name: upload.name })}
              onClick={() => void forget(upload)}
            >
              {trans('Forget')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
