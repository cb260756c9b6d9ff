import type { AlbumRef, ArtistRef, HistoryEntry, Track } from '@backbeat/common';
import { useBootstrap } from '../../../lib/bootstrap.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Carousel } from './carousel.tsx';
import { AlbumRefCard } from '../../../entities/listings/media-cards.tsx';
import { TrackTable } from '../../../entities/listings/track-table.tsx';
import { useLibraryList } from '../../../entities/library/queries.ts';

const RECENT_TRACKS = 6;
const RECENT_ALBUMS = 10;

/** The most recent distinct tracks, and the albums they came from, newest first. */
export function recentFrom(entries: HistoryEntry[]) {
  const tracks = new Map<number, Track>();
  const albums = new Map<number, { album: AlbumRef; artists: ArtistRef[] }>();
  for (const { track } of entries) {
    if (tracks.size < RECENT_TRACKS && !tracks.has(track.id)) tracks.set(track.id, track);
    if (track.album && albums.size < RECENT_ALBUMS && !albums.has(track.album.id))
      albums.set(track.album.id, { album: track.album, artists: track.artists });
  }
  return { tracks: [...tracks.values()], albums: [...albums.values()] };
}

function RecentSections() {
  const trans = useTrans();
  const history = useLibraryList('history');
  const entries = history.data?.pages[0]?.data ?? [];
  if (!entries.length) return null;
  const { tracks, albums } = recentFrom(entries);
  return (
    <>
      {albums.length > 0 && (
        <Carousel title={trans('Jump back in')}>
          {albums.map(({ album, artists }) => (
            <AlbumRefCard key={album.id} album={album} artists={artists} />
          ))}
        </Carousel>
      )}
      <section aria-label={trans('Recently played')}>
        <h2 className="mb-2 text-xl font-bold tracking-tight text-fg">
          {trans('Recently played')}
        </h2>
        <TrackTable tracks={tracks} source="library" label={trans('Recently played')} />
      </section>
    </>
  );
}

/** Home's "Jump back in" and "Recently played", from the signed-in listener's history. */
export function RecentlyPlayed() {
  const signedIn = useBootstrap((d) => d.user !== null);
  return signedIn ? <RecentSections /> : null;
}
