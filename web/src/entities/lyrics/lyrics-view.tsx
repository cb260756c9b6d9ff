import clsx from 'clsx';
import { useEffect, useMemo, useRef } from 'react';
import { activeLyricIndex, parseLyrics } from '@backbeat/common';
import { ApiError } from '../../lib/api-error.ts';
import { useTrans } from '../../lib/translator.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useLyricsQuery } from '../catalog/queries.ts';
import { player, usePlayerStore } from '../player/player-store.ts';

/**
 * A track's lyrics. Synced lyrics follow the playhead when this track is playing, and a line
 * can be clicked to jump there.
 */
export function LyricsView({ trackId, large = false }: { trackId: number; large?: boolean }) {
  const trans = useTrans();
  const query = useLyricsQuery(trackId);
  const isCurrent = usePlayerStore((s) => s.queue[s.index]?.track.id === trackId);
  const positionMs = usePlayerStore((s) =>
    s.queue[s.index]?.track.id === trackId ? s.position * 1000 : -1,
  );
  const parsed = useMemo(
    () => (query.data ? parseLyrics(query.data.lyric.text) : null),
    [query.data],
  );
  const active =
    parsed?.synced && isCurrent ? activeLyricIndex(parsed.lines, positionMs + 250) : -1;
  const activeRef = useRef<HTMLLIElement>(null);

  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [active]);

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-6 w-2/3" />
        ))}
      </div>
    );
  }
  if (query.isError || !parsed) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <p className="text-fg-muted">
        {missing ? trans('This track has no lyrics.') : trans('Lyrics could not be loaded.')}
      </p>
    );
  }
  return (
    <ol
      aria-label={trans('Lyrics')}
      className={clsx(
        'flex flex-col',
        large ? 'gap-4 text-2xl font-bold md:text-4xl' : 'gap-2 text-lg font-semibold',
      )}
    >
      {parsed.lines.map((line, index) => {
        const state =
          active === -1
            ? 'plain'
            : index === active
              ? 'active'
              : index < active
                ? 'past'
                : 'future';
        return (
          <li
            key={index}
            ref={index === active ? activeRef : undefined}
            aria-current={state === 'active' ? 'true' : undefined}
            className={clsx(
              'transition-colors duration-300',
              state === 'active' && 'text-fg',
              state === 'past' && 'text-fg-muted/60',
              (state === 'future' || state === 'plain') &&
                (parsed.synced ? 'text-fg-muted' : 'text-fg'),
            )}
          >
            {line.time !== null && isCurrent ? (
              <button
                type="button"
                className="text-left hover:underline"
                onClick={() => player.seek(line.time! / 1000)}
              >
                {line.text || '♪'}
              </button>
            ) : (
              line.text || (line.time !== null ? '♪' : '\u00a0')
            )}
          </li>
        );
      })}
    </ol>
  );
}
