import type { Channel } from '@backbeat/common';
import {
  AlbumCard,
  ArtistCard,
  CardGrid,
  GenreCard,
  PlaylistCard,
} from '../../../entities/listings/media-cards.tsx';
import { Carousel } from './carousel.tsx';
import { TrackTable } from '../../../entities/listings/track-table.tsx';

function cards(channel: Channel): React.ReactNode[] {
  const { content } = channel;
  switch (content.type) {
    case 'albums':
      return content.data.map((album) => <AlbumCard key={album.id} album={album} />);
    case 'artists':
      return content.data.map((artist) => <ArtistCard key={artist.id} artist={artist} />);
    case 'playlists':
      return content.data.map((playlist) => <PlaylistCard key={playlist.id} playlist={playlist} />);
    case 'genres':
      return content.data.map((genre) => <GenreCard key={genre.id} genre={genre} />);
    default:
      return [];
  }
}

/** One channel as a titled section, laid out as its admin chose: grid, carousel or tracks. */
export function ChannelSection({ channel, untitled }: { channel: Channel; untitled?: boolean }) {
  const title = channel.hide_title || untitled ? null : channel.name;
  if (channel.content.type === 'tracks') {
    const tracks = channel.content.data;
    return (
      <section aria-label={channel.name}>
        {title && <h2 className="mb-2 text-xl font-bold tracking-tight text-fg">{title}</h2>}
        <TrackTable
          tracks={tracks}
          label={channel.name}
          className={
            // Two columns only when each still has room for titles (by the page's width,
            // not the window's: an open queue panel narrows the page).
            tracks.length > 6
              ? '@6xl/main:[&>ol]:grid @6xl/main:[&>ol]:grid-cols-2 @6xl/main:[&>ol]:gap-x-6'
              : undefined
          }
        />
      </section>
    );
  }
  if (channel.layout === 'carousel') return <Carousel title={title}>{cards(channel)}</Carousel>;
  return (
    <section aria-label={channel.name}>
      {title && <h2 className="mb-2 text-xl font-bold tracking-tight text-fg">{title}</h2>}
      <CardGrid className="-mx-2">{cards(channel)}</CardGrid>
    </section>
  );
}
