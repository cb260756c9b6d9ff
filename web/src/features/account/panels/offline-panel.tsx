import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatBytes } from '@backbeat/common';
import { useTrans, useTransChoice } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { openDialog } from '../../../ui/dialog/dialog-store.ts';
import { Icon } from '../../../ui/icons.tsx';
import { showErrorToast } from '../../../ui/toast/error-toast.ts';
import { toast } from '../../../ui/toast/toast-store.ts';
import { Artwork } from '../../../entities/catalog/artwork.tsx';
import {
  offline,
  useOfflineBytes,
  useOfflineStore,
} from '../../../entities/offline/offline-store.ts';
import { ConfirmDialog } from '../../../entities/workspaces/workspace-form-dialog.tsx';
import { Panel } from '../panel.tsx';

/** What the browser says this site stores in all (shell, downloads, data), and its quota. */
function useStorageEstimate(bytes: number) {
  const [estimate, setEstimate] = useState<StorageEstimate | null>(null);
  useEffect(() => {
    void navigator.storage
      ?.estimate()
      .then(setEstimate)
      .catch(() => setEstimate(null));
  }, [bytes]);
  return estimate;
}

/** Account settings: the music downloaded in this browser, the space it takes, and removal. */
export function OfflinePanel() {
  const trans = useTrans();
  const transChoice = useTransChoice();
  const collections = useOfflineStore((s) => s.collections);
  const bytes = useOfflineBytes();
  const estimate = useStorageEstimate(bytes);

  useEffect(() => {
    void offline.load();
  }, []);

  const fail = (error: unknown) => showErrorToast(error, trans);
  const list = Object.values(collections ?? {});

  const clearAll = async () => {
    const confirmed = await openDialog<boolean>((close) => (
      <ConfirmDialog
        title={trans('Clear all offline music')}
        body={trans('Everything downloaded in this browser will be removed.')}
        confirm={trans('Clear')}
        close={close}
      />
    ));
    if (!confirmed) return;
    try {
      await offline.clear();
      toast(trans('Offline music cleared'));
    } catch (error) {
      fail(error);
    }
  };

  return (
    <Panel
      id="offline"
      title={trans('Offline music')}
      description={trans(
        'Albums and playlists you download play without a connection, in this browser only.',
      )}
    >
      {!offline.supported() ? (
        <p className="text-sm text-fg-muted">
          {trans('This browser cannot keep music for offline play.')}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
            <div className="rounded-lg bg-bg-alt p-3">
              <dt className="text-fg-muted">{trans('Downloaded music')}</dt>
              <dd className="text-lg font-semibold text-fg" data-testid="offline-bytes">
                {formatBytes(bytes)}
              </dd>
            </div>
            {estimate?.usage !== undefined && (
              <div className="rounded-lg bg-bg-alt p-3">
                <dt className="text-fg-muted">{trans('Space this site uses')}</dt>
                <dd className="text-lg font-semibold text-fg">
                  {estimate.quota
                    ? trans(':used of :quota', {
                        used: formatBytes(estimate.usage),
                        quota: formatBytes(estimate.quota),
                      })
                    : formatBytes(estimate.usage)}
                </dd>
              </div>
            )}
          </dl>
          {list.length ? (
            <ul aria-label={trans('Downloaded albums and playlists')} className="flex flex-col">
              {list.map((c) => (
                <li
                  key={`${c.kind}-${c.id}`}
                  className="flex items-center gap-3 border-b border-border py-2 last:border-b-0"
                >
                  <Artwork src={c.image} size={40} />
                  <div className="min-w-0 flex-1">
                    <Link
                      to={c.link}
                      className="block truncate font-medium text-fg hover:underline"
                    >
                      {c.name}
                    </Link>
                    <span className="text-xs text-fg-muted">
                      {c.kind === 'album' ? trans('Album') : trans('Playlist')} ·{' '}
                      {transChoice(':count track|:count tracks', c.trackIds.length)} ·{' '}
                      {formatBytes(Object.values(c.files).reduce((sum, size) => sum + size, 0))}
                    </span>
                  </div>
                  <Button
                    variant="text"
                    size="sm"
                    aria-label={trans('Remove :name', { name: c.name })}
                    onClick={() => void offline.remove(c.kind, c.id).catch(fail)}
                  >
                    <Icon name="delete" size={18} />
                    <span className="hidden sm:inline">{trans('Remove')}</span>
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-fg-muted">
              {trans('Nothing downloaded yet. Use Download on an album or playlist page.')}
            </p>
          )}
          <div>
            <Button
              variant="outline"
              size="sm"
              disabled={!list.length}
              onClick={() => void clearAll()}
            >
              {trans('Clear all offline music')}
            </Button>
          </div>
        </div>
      )}
    </Panel>
  );
}
