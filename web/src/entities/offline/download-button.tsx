import { useEffect, useRef, type ReactNode } from 'react';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { showErrorToast } from '../../ui/toast/error-toast.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { collectionKey, type DownloadRequest } from './offline-cache.ts';
import { offline, useOfflineStore } from './offline-store.ts';

/**
 * "Download for offline" on an album or playlist page: then the progress (n of m tracks),
 * then "Downloaded" beside a button that removes the download.
 */
export function DownloadButton(props: DownloadRequest) {
  const trans = useTrans();
  const key = collectionKey(props.kind, props.id);
  const record = useOfflineStore((s) => s.collections?.[key]);
  const downloaded = Boolean(record);
  // A playlist that gained tracks since: its download can catch up.
  const outdated = record ? props.tracks.some((t) => !record.trackIds.includes(t.id)) : false;
  const progress = useOfflineStore((s) => s.progress[key]);
  const loaded = useOfflineStore((s) => s.collections !== null);

  // The control a keyboard user pressed is replaced: focus moves on to the one that follows.
  const box = useRef<HTMLSpanElement>(null);
  const keepFocus = useRef(false);
  const busy = Boolean(progress);
  useEffect(() => {
    if (!loaded) void offline.load();
  }, [loaded]);
  useEffect(() => {
    if (!keepFocus.current || busy) return;
    keepFocus.current = false;
    box.current?.querySelector('button')?.focus();
  }, [downloaded, busy]);

  if (!offline.supported() || !props.tracks.length) return null;
  const holdFocus = () => {
    keepFocus.current = box.current?.contains(document.activeElement) ?? false;
  };
  const wrap = (children: ReactNode) => (
    <span ref={box} className="contents">
      {children}
    </span>
  );

  const download = async () => {
    holdFocus();
    try {
      await offline.download(props);
      toast(trans('":name" is ready to play offline', { name: props.name }));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'QuotaExceededError')
        toast.danger(trans('There is not enough space in this browser to download it.'));
      else showErrorToast(error, trans);
    }
  };

  if (progress) {
    return wrap(
      <span
        role="status"
        className="inline-flex h-[50px] items-center gap-1.5 px-2 text-sm font-semibold text-fg-muted"
      >
        <Icon name="download" size={20} />
        <span aria-hidden>
          {progress.done}/{progress.total}
        </span>
        <span className="sr-only">{trans('Downloading :done of :total tracks', progress)}</span>
      </span>,
    );
  }

  if (downloaded) {
    return wrap(
      <span className="inline-flex items-center gap-1">
        <span className="inline-flex h-[50px] items-center gap-1.5 px-2 text-sm font-semibold text-primary">
          <Icon name="checkCircle" size={20} />
          <span className="hidden sm:inline">{trans('Downloaded')}</span>
          <span className="sr-only sm:hidden">{trans('Downloaded')}</span>
        </span>
        {outdated && (
          <Button variant="outline" size="lg" onClick={() => void download()}>
            <Icon name="refresh" size={20} />
            {trans('Update download')}
          </Button>
        )}
        <Button
          variant="text"
          size="lg"
          className="px-3"
          aria-label={trans('Remove download')}
          title={trans('Remove download')}
          onClick={() => {
            holdFocus();
            void offline
              .remove(props.kind, props.id)
              .catch((error) => showErrorToast(error, trans));
          }}
        >
          <Icon name="delete" size={20} />
        </Button>
      </span>,
    );
  }

  return wrap(
    <Button
      variant="outline"
      size="lg"
      aria-label={trans('Download for offline')}
      title={trans('Download for offline')}
      onClick={() => void download()}
    >
      <Icon name="download" size={20} />
      <span className="hidden sm:inline">{trans('Download')}</span>
    </Button>,
  );
}
