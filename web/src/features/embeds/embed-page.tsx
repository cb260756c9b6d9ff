import clsx from 'clsx';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { albumLink, formatDuration, trackLink, type Track } from '@backbeat/common';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { Icon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Artwork } from '../../entities/catalog/artwork.tsx';
import { useAlbumQuery, useTrackQuery } from '../../entities/catalog/queries.ts';
import { Equalizer } from '../../entities/player/play-button.tsx';
import { SeekBar } from '../../entities/player/seek-bar.tsx';
import { player, useCurrentTrack, usePlayerStore } from '../../entities/player/player-store.ts';
import '../../entities/player/player.css';

function EmbedCard({
  image,
  title,
  subtitle,
  link,
  tracks,
}: {
  image: string | null;
  title: string;
  subtitle: string;
  link: string;
  tracks: Track[];
}) {
  const trans = useTrans();
  const siteName = useBootstrap((d) => d.branding.site_name);
  const current = useCurrentTrack();
  const status = usePlayerStore((s) => s.status);
  const playing = status === 'playing' || status === 'loading';
  const inThis = !!current && tracks.some((t) => t.id === current.id);
  const playAt = (index: number) =>
    inThis && current?.id === tracks[index]?.id
      ? player.toggle()
      : player.playTracks(tracks, { startIndex: index, source: 'embed' });

  return (
    <div className="flex h-dvh flex-col overflow-hidden bg-bg-elevated text-fg">
      <div className="flex gap-4 p-3">
        <Artwork src={image} className="size-[120px] rounded-lg shadow-lg sm:size-[140px]" />
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <a
                href={link}
                target="_blank"
                rel="noopener"
                className="block truncate text-lg font-bold hover:underline"
              >
                {inThis ? current!.name : title}
              </a>
              <p className="truncate text-sm text-fg-muted">
                {inThis ? current!.artists.map((a) => a.name).join(', ') : subtitle}
              </p>
            </div>
            <a
              href={link}
              target="_blank"
              rel="noopener"
              className="flex shrink-0 items-center gap-1 text-xs font-semibold text-fg-muted hover:text-fg"
              aria-label={trans('Listen on :site', { site: siteName })}
            >
              <img src="/favicon.svg" alt="" width={20} height={20} />
              <span className="hidden sm:inline">{siteName}</span>
            </a>
          </div>
          <div className="mt-auto flex items-center gap-3">
            <button
              type="button"
              onClick={() => (inThis ? player.toggle() : playAt(0))}
              aria-label={inThis && playing ? trans('Pause') : trans('Play')}
              className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-on-primary shadow-md hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              {inThis && status === 'loading' ? (
                <Spinner size={22} className="!text-on-primary" />
              ) : (
                <Icon name={inThis && playing ? 'pause' : 'play'} size={28} />
              )}
            </button>
            <SeekBar className="min-w-0 flex-1" />
          </div>
        </div>
      </div>
      {tracks.length > 1 && (
        <ol
          aria-label={trans('Tracks')}
          className="min-h-0 flex-1 overflow-y-auto border-t border-border px-1.5 py-1"
        >
          {tracks.map((track, index) => {
            const isCurrent = current?.id === track.id;
            return (
              <li key={track.id}>
                <button
                  type="button"
                  onClick={() => playAt(index)}
                  className={clsx(
                    'flex w-full items-center gap-3 rounded-md px-2 py-1.5 text-left text-sm hover:bg-bg-hover',
                    isCurrent && 'text-primary',
                  )}
                >
                  <span className="w-5 text-center text-xs text-fg-muted tabular-nums">
                    {isCurrent && playing ? <Equalizer paused={status !== 'playing'} /> : index + 1}
                  </span>
                  <span className="min-w-0 flex-1 truncate">{track.name}</span>
                  <span className="text-xs text-fg-muted tabular-nums">
                    {formatDuration(track.duration)}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

function EmbedState({ error }: { error: boolean }) {
  const trans = useTrans();
  return (
    <div className="flex h-dvh items-center justify-center bg-bg-elevated text-sm text-fg-muted">
      {error ? trans('This content is not available.') : <Spinner />}
    </div>
  );
}

function useEmbedTheme() {
  useEffect(() => {
    document.documentElement.style.background = 'transparent';
  }, []);
}

/** `track/{trackId}/{trackName}/embed`: a small player for other sites. */
export function TrackEmbedPage() {
  useEmbedTheme();
  const query = useTrackQuery(Number(useParams().trackId));
  const data = query.data;
  if (!data) return <EmbedState error={query.isError} />;
  const { track } = data;
  return (
    <EmbedCard
      image={track.image}
      title={track.name}
      subtitle={track.artists.map((a) => a.name).join(', ')}
      link={trackLink(track)}
      tracks={[track]}
    />
  );
}

/** `album/{albumId}/{artistName}/{albumName}/embed`. */
export function AlbumEmbedPage() {
  useEmbedTheme();
  const query = useAlbumQuery(Number(useParams().albumId));
  const album = query.data?.album;
  if (!album) return <EmbedState error={query.isError} />;
  return (
    <EmbedCard
      image={album.image}
      title={album.name}
      subtitle={album.artists.map((a) => a.name).join(', ')}
      link={albumLink(album)}
      tracks={album.tracks}
    />
  );
}
