import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { PlaySource, Track } from '@backbeat/common';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { player, usePlayerStore } from './player-store.ts';

/** Play and shuffle a list; pressing play again pauses when that list is playing. */
export function PlayActions({
  tracks,
  radio,
  source,
  children,
}: {
  tracks: Track[];
  radio?: string;
  /** Where the plays come from, for insights. */
  source?: PlaySource;
  children?: React.ReactNode;
}) {
  const trans = useTrans();
  const navigate = useNavigate();
  const playingThis = usePlayerStore(
    (s) =>
      (s.status === 'playing' || s.status === 'loading') &&
      tracks.some((t) => t.id === s.queue[s.index]?.track.id) &&
      s.queue.length >= Math.min(tracks.length, 1),
  );
  // The track this Play starts is readied while the page shows it (issue 22).
  const first = tracks[0];
  useEffect(() => (first ? player.readyTracks([first]) : undefined), [first]);
  return (
    <>
      <Button
        size="lg"
        disabled={!tracks.length}
        onPointerDown={(event) => {
          // A mouse press nearly always becomes its click; a touch may become a scroll.
          if (event.pointerType === 'mouse' && event.button === 0 && !playingThis) {
            player.prepareTracks(tracks);
          }
        }}
        onClick={() => (playingThis ? player.pause() : player.playTracks(tracks, { source }))}
        className="min-w-32"
      >
        <Icon name={playingThis ? 'pause' : 'play'} size={22} />
        {playingThis ? trans('Pause') : trans('Play')}
      </Button>
      <Button
        variant="outline"
        size="lg"
        disabled={tracks.length < 2}
        onClick={() => player.shuffleTracks(tracks)}
      >
        <Icon name="shuffle" size={20} />
        {trans('Shuffle')}
      </Button>
      {radio && (
        <Button
          variant="outline"
          size="lg"
          onClick={() => void navigate(radio, { state: { autoplay: true } })}
        >
          <Icon name="radio" size={20} />
          {trans('Start radio')}
        </Button>
      )}
      {children}
    </>
  );
}
