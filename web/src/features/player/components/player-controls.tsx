import clsx from 'clsx';
import { useTrans } from '../../../lib/translator.ts';
import { IconButton } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { player, usePlayerStore } from '../../../entities/player/player-store.ts';
import { PlayPauseButton } from '../../../entities/player/play-button.tsx';

/** Shuffle, previous, play/pause, next, repeat — shared by the bar and the full view. */
export function PlayerControls({ large = false }: { large?: boolean }) {
  const trans = useTrans();
  const shuffle = usePlayerStore((s) => s.shuffle);
  const repeat = usePlayerStore((s) => s.repeat);
  const hasTrack = usePlayerStore((s) => s.index >= 0);
  const icon = large ? 28 : 22;
  const active = 'text-primary hover:text-primary';
  const repeatLabel =
    repeat === 'off'
      ? trans('Repeat: off')
      : repeat === 'all'
        ? trans('Repeat: all')
        : trans('Repeat: one');
  return (
    <div className={clsx('flex items-center', large ? 'justify-between gap-2' : 'gap-1')}>
      <IconButton
        label={trans('Shuffle')}
        aria-pressed={shuffle}
        onClick={player.toggleShuffle}
        className={clsx(shuffle && active, 'relative')}
      >
        <Icon name="shuffle" size={icon - 2} />
        {shuffle && <span className="absolute bottom-1 size-1 rounded-full bg-primary" />}
      </IconButton>
      <IconButton
        label={trans('Previous')}
        disabled={!hasTrack}
        onClick={player.previous}
        className="disabled:opacity-40"
      >
        <Icon name="skipPrevious" size={icon} />
      </IconButton>
      <PlayPauseButton size={large ? 64 : 36} className="mx-1" />
      <IconButton
        label={trans('Next')}
        disabled={!hasTrack}
        onClick={player.next}
        className="disabled:opacity-40"
      >
        <Icon name="skipNext" size={icon} />
      </IconButton>
      <IconButton
        label={repeatLabel}
        aria-pressed={repeat !== 'off'}
        data-repeat={repeat}
        onClick={player.cycleRepeat}
        className={clsx(repeat !== 'off' && active, 'relative')}
      >
        <Icon name={repeat === 'one' ? 'repeatOne' : 'repeat'} size={icon - 2} />
        {repeat !== 'off' && <span className="absolute bottom-1 size-1 rounded-full bg-primary" />}
      </IconButton>
    </div>
  );
}
