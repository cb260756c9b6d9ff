import clsx from 'clsx';
import { useId } from 'react';
import { formatBytes } from '@backbeat/common';
import { useTrans, useTransChoice } from '../../lib/translator.ts';
import { IconButton } from '../../ui/button.tsx';
import { Icon, type IconName } from '../../ui/icons.tsx';
import { useFileEntryDetails } from './file-entry-details.ts';
import { MediaSummary } from './media-summary.tsx';
import { secondsLeft } from './queue-rules.ts';
import { uploadStore } from './upload-queue.ts';
import type { UploadItem } from './upload-store.ts';

function TimeLeft({ seconds }: { seconds: number }) {
  const choice = useTransChoice();
  if (seconds < 60) return <>{choice(':count second left|:count seconds left', seconds)}</>;
  return <>{choice(':count minute left|:count minutes left', Math.ceil(seconds / 60))}</>;
}

function RowAction({
  icon,
  label,
  onClick,
}: {
  icon: IconName;
  label: string;
  onClick: () => void;
}) {
  return (
    <IconButton label={label} title={label} onClick={onClick} className="size-9 shrink-0">
      <Icon name={icon} size={20} />
    </IconButton>
  );
}

/** What the row says about where the upload stands. */
function StatusLine({ item }: { item: UploadItem }) {
  const trans = useTrans();
  const entry = useFileEntryDetails(item.entry);
  if (item.status === 'completed' && entry) return <MediaSummary entry={entry} />;
  if (item.status === 'failed') {
    return (
      <p className="flex items-start gap-1 text-sm text-danger">
        <Icon name="error" size={16} className="mt-0.5 shrink-0" />
        <span>{item.error ?? trans('Upload failed')}</span>
      </p>
    );
  }
  const left = secondsLeft(item.size, item.bytesSent, item.speed);
  const label =
    item.status === 'aborted'
      ? trans('Cancelled')
      : item.paused
        ? trans('Paused')
        : item.status === 'pending'
          ? trans('Waiting')
          : trans('Uploading');
  return (
    <p className="flex flex-wrap gap-x-3 text-sm text-fg-muted">
      <span>{label}</span>
      {item.status === 'inProgress' && item.speed !== null && (
        <span>{trans(':size/s', { size: formatBytes(item.speed) })}</span>
      )}
      {item.status === 'inProgress' && left !== null && (
        <span>
          <TimeLeft seconds={left} />
        </span>
      )}
    </p>
  );
}

/** One file of the queue: name, size, progress, speed, time left, status and its actions. */
export function UploadRow({ item }: { item: UploadItem }) {
  const trans = useTrans();
  const nameId = useId();
  const { pause, resume, cancel, retry } = uploadStore.getState();
  const name = item.info.name;
  const percent = item.size ? Math.floor((item.bytesSent / item.size) * 100) : 0;
  const shown = item.status === 'completed' ? 100 : percent;
  const active = item.status === 'pending' || item.status === 'inProgress';
  return (
    <li
      aria-labelledby={nameId}
      data-status={item.status}
      className="flex flex-col gap-2 rounded-xl border border-border bg-bg p-3 sm:p-4"
    >
      <div className="flex items-start gap-3">
        <Icon name="music" size={24} className="mt-0.5 shrink-0 text-fg-muted" />
        <div className="min-w-0 flex-1">
          <p id={nameId} className="truncate font-medium text-fg" title={name}>
            {name}
          </p>
          <p className="truncate text-xs text-fg-muted">
            {item.relativePath ? `${item.relativePath} · ` : ''}
            {formatBytes(item.size)}
          </p>
        </div>
        {/* Each action keeps its place as it turns into the next (pause → resume, cancel →
            retry), so the button under the keyboard's focus stays focused. */}
        <div className="flex shrink-0 items-center">
          {active && (
            <RowAction
              icon={item.paused ? 'play' : 'pause'}
              label={trans(item.paused ? 'Resume :name' : 'Pause :name', { name })}
              onClick={() => (item.paused ? resume(item.id) : pause(item.id))}
            />
          )}
          {active ? (
            <RowAction
              icon="close"
              label={trans('Cancel :name', { name })}
              onClick={() => cancel(item.id)}
            />
          ) : (
            (item.status === 'failed' || item.status === 'aborted') &&
            item.retryable && (
              <RowAction
                icon="refresh"
                label={trans('Retry :name', { name })}
                onClick={() => retry(item.id)}
              />
            )
          )}
        </div>
      </div>
      <div
        role="progressbar"
        aria-label={trans('Upload progress of :name', { name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shown}
        aria-valuetext={trans(':percent%', { percent: shown })}
        className="h-1.5 overflow-hidden rounded-full bg-bg-hover"
      >
        <div
          className={clsx(
            'h-full rounded-full transition-[width] duration-300',
            item.status === 'failed'
              ? 'bg-danger'
              : item.status === 'completed'
                ? 'bg-positive'
                : 'bg-primary',
          )}
          style={{ width: `${shown}%` }}
        />
      </div>
      <StatusLine item={item} />
    </li>
  );
}
