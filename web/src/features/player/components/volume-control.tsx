import { useTrans } from '../../../lib/translator.ts';
import { IconButton } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { player, usePlayerStore } from '../../../entities/player/player-store.ts';

export function VolumeControl() {
  const trans = useTrans();
  const volume = usePlayerStore((s) => s.volume);
  const muted = usePlayerStore((s) => s.muted);
  const level = muted ? 0 : volume;
  return (
    <div className="flex items-center gap-1">
      <IconButton label={muted ? trans('Unmute') : trans('Mute')} onClick={player.toggleMute}>
        <Icon
          name={level === 0 ? 'volumeOff' : level < 0.5 ? 'volumeDown' : 'volumeUp'}
          size={20}
        />
      </IconButton>
      <input
        type="range"
        min={0}
        max={1}
        step={0.01}
        value={level}
        aria-label={trans('Volume')}
        onChange={(e) => player.setVolume(Number(e.target.value))}
        style={{ '--fill': `${level * 100}%` } as React.CSSProperties}
        className="range-line w-24"
      />
    </div>
  );
}
