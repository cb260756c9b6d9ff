import clsx from 'clsx';
import { useTrans } from '../../lib/translator.ts';
import { Icon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { player, usePlayerStore } from './player-store.ts';

/** The round play/pause control of the player itself. */
export function PlayPauseButton({ size = 40, className }: { size?: number; className?: string }) {
  const trans = useTrans();
  const status = usePlayerStore((s) => s.status);
  const hasTrack = usePlayerStore((s) => s.index >= 0);
  const playing = status === 'playing' || status === 'loading';
  return (
    <button
      type="button"
      disabled={!hasTrack}
      onClick={player.toggle}
      aria-label={playing ? trans('Pause') : trans('Play')}
      style={{ width: size, height: size }}
      className={clsx(
        'relative inline-flex shrink-0 items-center justify-center rounded-full bg-fg text-bg transition-transform hover:scale-105 active:scale-95 disabled:opacity-40 disabled:hover:scale-100',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        className,
      )}
    >
      {status === 'loading' ? (
        <Spinner size={size * 0.55} className="!text-bg" />
      ) : (
        <Icon name={playing ? 'pause' : 'play'} size={size * 0.55} />
      )}
    </button>
  );
}

/** Little animated bars marking the row that is playing. */
export function Equalizer({ paused }: { paused: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={clsx('equalizer inline-flex h-3.5 items-end gap-[2px]', paused && 'paused')}
    >
      <span className="h-full w-[3px] rounded-sm bg-primary" />
      <span className="h-full w-[3px] rounded-sm bg-primary" />
      <span className="h-full w-[3px] rounded-sm bg-primary" />
    </span>
  );
}
