import clsx from 'clsx';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  albumLink,
  artistLink,
  genreLink,
  playlistLink,
  type Album,
  type ArtistRef,
  type Genre,
  type Playlist,
  type Track,
} from '@backbeat/common';
import { getAlbum, getArtist, getPlaylist } from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Icon } from '../../../ui/icons.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { player } from '../../player/player-store.ts';
import { Artwork } from './artwork.tsx';
import { PrivateMark } from './private-mark.tsx';

/** Round play button over a card; loads the tracks only when pressed. */
function CardPlayButton({ label, load }: { label: string; load: () => Promise<Track[]> }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      aria-label={label}
      onClick={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          player.playTracks(await load());
        } finally {
          setBusy(false);
        }
      }}
      className={clsx(
        'absolute right-2 bottom-2 flex size-11 translate-y-1 items-center justify-center rounded-full bg-primary text-on-primary opacity-0 shadow-lg transition-all',
        'group-hover:translate-y-0 group-hover:opacity-100 hover:scale-105 focus-visible:translate-y-0 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
      )}
    >
      {busy ? <Spinner size={20} className="!text-on-primary" /> : <Icon name="play" size={24} />}
    </button>
  );
}

function Card({
  to,
  image,
  title,
  subtitle,
  round,
  play,
  testId,
}: {
  to: string;
  image: string | null;
  title: string;
  subtitle?: React.ReactNode;
  round?: boolean;
  play?: { label: string; load: () => Promise<Track[]> };
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      className="group relative flex min-w-0 flex-col gap-2 rounded-xl p-2 transition-colors hover:bg-bg-hover"
    >
      <div className="relative">
        <Artwork
          src={image}
          rounded={round ? 'full' : 'lg'}
          fallbackIcon={round ? 'person' : 'album'}
          className="aspect-square w-full shadow-md"
        />
        {play && <CardPlayButton {...play} />}
      </div>
      <div className="min-w-0 px-0.5">
        <Link
          to={to}
          className={clsx(
            'block truncate text-sm font-semibold text-fg after:absolute after:inset-0 focus-visible:outline-none',
            round && 'text-center',
          )}
        >
          {title}
        </Link>
        {subtitle && (
          <div
            className={clsx(
              'relative z-[1] truncate text-xs text-fg-muted',
              round && 'text-center',
            )}
          >
            {subtitle}
          </div>
        )}
      </div>
    </div>
  );
}

export function AlbumCard({ album }: { album: Album }) {
  const trans = useTrans();
  const year = album.release_date?.slice(0, 4);
  return (
    <Card
      testId="album-card"
      to={albumLink(album)}
      image={album.image}
      title={album.name}
      subtitle={
        <>
          {!album.is_public && <PrivateMark className="mr-1" />}
          {[year, album.artists.map((a) => a.name).join(', ')].filter(Boolean).join(' · ')}
        </>
      }
      play={{
        label: trans('Play :name', { name: album.name }),
        load: async () => (await api(getAlbum, { id: album.id })).album.tracks,
      }}
    />
  );
}

export function ArtistCard({ artist }: { artist: ArtistRef }) {
  const trans = useTrans();
  return (
    <Card
      testId="artist-card"
      to={artistLink(artist)}
      image={artist.image}
      title={artist.name}
      subtitle={trans('Artist')}
      round
      play={{
        label: trans('Play :name', { name: artist.name }),
        load: async () => (await api(getArtist, { id: artist.id })).top_tracks,
      }}
    />
  );
}

export function PlaylistCard({ playlist }: { playlist: Playlist }) {
  const trans = useTrans();
  return (
    <Card
      to={playlistLink(playlist)}
      image={playlist.image}
      title={playlist.name}
      subtitle={playlist.description ?? trans(':count tracks', { count: playlist.tracks_count })}
      play={{
        label: trans('Play :name', { name: playlist.name }),
        load: async () => (await api(getPlaylist, { id: playlist.id })).playlist.tracks,
      }}
    />
  );
}

export function GenreCard({ genre }: { genre: Genre }) {
  return (
    <Link
      to={genreLink(genre)}
      className="group relative block aspect-[3/2] overflow-hidden rounded-xl shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      <Artwork
        src={genre.image}
        rounded="lg"
        className="h-full w-full transition-transform duration-300 group-hover:scale-105"
      />
      <span className="sr-only">{genre.display_name}</span>
    </Link>
  );
}

/** Responsive grid of cards. */
export function CardGrid({
  children,
  className,
}: {
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div
      className={clsx(
        'grid grid-cols-2 gap-1 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6',
        className,
      )}
    >
      {children}
    </div>
  );
}
