import clsx from 'clsx';
import { useRef, useState } from 'react';
import { formatDuration } from '@backbeat/common';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { useTrackQuery } from '../catalog/queries.ts';
import { player, useCurrentTrack, usePlayerStore } from './player-store.ts';

/** Bars of the waveform, coloured up to the playhead. */
export function Waveform({
  peaks,
  progress,
  className,
}: {
  peaks: number[];
  progress: number;
  className?: string;
}) {
  const width = peaks.length * 3;
  return (
    <svg
      viewBox={`0 0 ${width} 40`}
      preserveAspectRatio="none"
      aria-hidden="true"
      className={className}
    >
      {peaks.map((peak, i) => {
        const height = Math.max(3, peak * 38);
        return (
          <rect
            key={i}
            x={i * 3}
            y={(40 - height) / 2}
            width={2}
            height={height}
            rx={1}
            className={i / peaks.length < progress ? 'fill-primary' : 'fill-fg-muted/35'}
          />
        );
      })}
    </svg>
  );
}

/**
 * The seek bar: the track's waveform when known, else a line. A native range input on top
 * gives pointer and keyboard seeking with the right semantics.
 */
export function SeekBar({ compact = false, className }: { compact?: boolean; className?: string }) {
  const trans = useTrans();
  const track = useCurrentTrack();
  const position = usePlayerStore((s) => s.position);
  const duration = usePlayerStore((s) => s.duration);
  const [dragging, setDragging] = useState<number | null>(null);
  // While a pointer drags, the thumb moves freely and seeking waits for release.
  const pointerDown = useRef(false);
  // The admin's player settings choose a waveform or a plain line.
  const waveform = useBootstrap((d) => d.settings.player.seekbar_type === 'waveform');
  const details = useTrackQuery(compact || !waveform ? null : track?.id);
  const peaks = details.data?.track.waveform ?? [];
  const shown = dragging ?? position;
  const progress = duration > 0 ? Math.min(1, shown / duration) : 0;

  return (
    <div
      className={clsx('flex items-center gap-2 text-[11px] text-fg-muted tabular-nums', className)}
    >
      {!compact && (
        <span data-testid="player-position" className="w-10 text-right">
          {formatDuration(shown * 1000)}
        </span>
      )}
      <div className={clsx('relative flex-1', peaks.length && !compact ? 'h-8' : 'h-4')}>
        {peaks.length && !compact ? (
          <Waveform peaks={peaks} progress={progress} className="absolute inset-0 h-full w-full" />
        ) : (
          <div className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 overflow-hidden rounded-full bg-fg-muted/25">
            <div
              className="h-full rounded-full bg-primary"
              style={{ width: `${progress * 100}%` }}
            />
          </div>
        )}
        <input
          type="range"
          min={0}
          max={duration || 1}
          step={0.1}
          value={shown}
          disabled={!track}
          aria-label={trans('Seek')}
          aria-valuetext={`${formatDuration(shown * 1000)} / ${formatDuration(duration * 1000)}`}
          onPointerDown={() => {
            pointerDown.current = true;
          }}
          onChange={(e) => {
            const value = Number(e.target.value);
            if (pointerDown.current) setDragging(value);
            else player.seek(value);
          }}
          onPointerUp={(e) => {
            pointerDown.current = false;
            player.seek(Number((e.target as HTMLInputElement).value));
            setDragging(null);
          }}
          className="seek-input absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-default"
        />
      </div>
      {!compact && <span className="w-10">{formatDuration(duration * 1000)}</span>}
    </div>
  );
}
