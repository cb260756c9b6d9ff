import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatDuration, type PublicShare, type Track } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { Artwork } from '../../entities/catalog/artwork.tsx';
import { QueryError } from '../../entities/errors/page-states.tsx';
import { api, apiUrl } from '../../lib/api.ts';
import { setPageTitle } from '../../lib/document-title.ts';
import { useTrans, useTransChoice } from '../../lib/translator.ts';
import { Icon } from '../../ui/icons.tsx';
import { PageLoadingSpinner } from '../../ui/spinner.tsx';

/** The expired link's page: what it was and when it ended, nothing to play. */
function ExpiredShare({ share }: { share: PublicShare }) {
  const trans = useTrans();
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      <Icon name="lock" size={40} className="text-fg-muted" />
      <h1 className="text-2xl font-bold text-fg">{trans('This share link has expired')}</h1>
      <p className="max-w-md text-fg-muted">
        {trans(':name shared this music until :date. Ask them for a new link.', {
          name: share.owner.name,
          date: new Date(share.expires_at!).toLocaleString(),
        })}
      </p>
    </div>
  );
}

/** One shared track: a play/pause button and what it is. */
function SharedTrackRow({
  track,
  playing,
  onToggle,
}: {
  track: Track;
  playing: boolean;
  onToggle: () => void;
}) {
  const trans = useTrans();
  const artists = track.artists.map((artist) => artist.name).join(', ');
  return (
    <li className="flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-bg-hover">
      <button
        type="button"
        onClick={onToggle}
        aria-label={trans(playing ? 'Pause :name' : 'Play :name', { name: track.name })}
        aria-pressed={playing}
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-on-primary"
      >
        <Icon name={playing ? 'pause' : 'play'} size={20} />
      </button>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-fg">{track.name}</p>
        {artists && <p className="truncate text-xs text-fg-muted">{artists}</p>}
      </div>
      <span className="text-xs text-fg-muted tabular-nums">{formatDuration(track.duration)}</span>
    </li>
  );
}

/**
 * A share link's public page (issue 38): anyone with the link, signed in or not, sees and
 * plays the shared music here until the link expires. Its audio comes through the link
 * (`/api/v1/shared/:token/tracks/:id/stream`), never the listener's own permissions.
 */
export function SharePage() {
  const trans = useTrans();
  const transChoice = useTransChoice();
  const { token = '' } = useParams();
  const audio = useRef<HTMLAudioElement>(null);
  const [current, setCurrent] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  // Each load is a visit: read once per page view, never again in the background.
  const query = useQuery({
    queryKey: ['shared', token],
    queryFn: () => api(endpoints.showSharedLink, { token }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const share = query.data?.share;
  const heading = share?.title ?? trans('Shared by :name', { name: share?.owner.name ?? '' });
  useEffect(() => {
    if (share) setPageTitle(heading);
  }, [share, heading]);

  if (query.isPending) return <PageLoadingSpinner />;
  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  if (!share) return null;
  if (share.expired) return <ExpiredShare share={share} />;

  const toggle = (track: Track) => {
    const element = audio.current;
    if (!element) return;
    if (current === track.id) {
      if (element.paused) void element.play();
      else element.pause();
      return;
    }
    setCurrent(track.id);
    element.src = apiUrl(endpoints.streamSharedTrack, { token, id: track.id });
    void element.play();
  };
  const playNext = () => {
    const index = share.tracks.findIndex((track) => track.id === current);
    const next = share.tracks[index + 1];
    if (next) toggle(next);
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <Artwork src={share.image} size={160} rounded="lg" />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-xs font-semibold tracking-wide text-fg-muted uppercase">
            {trans('Shared by :name', { name: share.owner.name })}
          </p>
          <h1 className="text-3xl font-bold text-fg">{heading}</h1>
          {share.description && <p className="text-fg-muted">{share.description}</p>}
          <p className="text-sm text-fg-muted">
            {transChoice(':count track|:count tracks', share.tracks.length)}
            {share.expires_at &&
              ` · ${trans('Link expires :date', { date: new Date(share.expires_at).toLocaleString() })}`}
          </p>
        </div>
      </header>
      <audio
        ref={audio}
        controls
        preload="none"
        aria-label={trans('Shared music player')}
        className="w-full"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={playNext}
      />
      <ol aria-label={trans('Shared tracks')} className="flex flex-col">
        {share.tracks.map((track) => (
          <SharedTrackRow
            key={track.id}
            track={track}
            playing={playing && current === track.id}
            onToggle={() => toggle(track)}
          />
        ))}
      </ol>
    </div>
  );
}
