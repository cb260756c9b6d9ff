import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { genreLink, radioLink } from '@backbeat/common';
import { useTrans, useTransChoice } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { AdSlot } from '../../../entities/ads/ad-slot.tsx';
import { AlbumCard, ArtistCard, CardGrid } from '../../../entities/listings/media-cards.tsx';
import { Carousel } from '../components/carousel.tsx';
import { FollowButton } from '../../../entities/library/follow-button.tsx';
import { LikePageButton } from '../../../entities/library/like-button.tsx';
import { Chips, MediaHeader } from '../../../entities/catalog/media-header.tsx';
import { PageSkeleton, QueryError } from '../../../entities/errors/page-states.tsx';
import { PlayActions } from '../../../entities/player/play-actions.tsx';
import { TrackTable } from '../../../entities/listings/track-table.tsx';
import { useArtistQuery } from '../../../entities/catalog/queries.ts';
import { setPageTitle } from '../../../lib/document-title.ts';

const COLLAPSED_TRACKS = 5;

export function ArtistPage() {
  const trans = useTrans();
  const transChoice = useTransChoice();
  const id = Number(useParams().artistId);
  const query = useArtistQuery(id);
  const [expanded, setExpanded] = useState(false);
  const data = query.data;

  useEffect(() => {
    if (data) setPageTitle(data.artist.name);
  }, [data]);

  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  if (!data) return <PageSkeleton round />;
  const { artist, top_tracks: topTracks, albums, similar } = data;

  return (
    <div className="pb-12">
      <MediaHeader
        round
        image={artist.image}
        eyebrow={
          artist.verified ? (
            <span className="inline-flex items-center gap-1 text-primary">
              <Icon name="verified" size={16} />
              {trans('Verified artist')}
            </span>
          ) : (
            trans('Artist')
          )
        }
        title={artist.name}
        meta={transChoice(':count play|:count plays', artist.plays)}
        actions={
          <PlayActions tracks={topTracks} source="artist" radio={radioLink('artist', artist)}>
            <FollowButton type="artists" id={artist.id} name={artist.name} />
            <LikePageButton type="artists" id={artist.id} name={artist.name} />
          </PlayActions>
        }
      />
      <div className="flex flex-col gap-10 px-4 md:px-8">
        <AdSlot slot="artist_top" />
        <section aria-labelledby="popular-heading">
          <h2 id="popular-heading" className="mb-2 text-xl font-bold">
            {trans('Popular')}
          </h2>
          <TrackTable
            tracks={expanded ? topTracks : topTracks.slice(0, COLLAPSED_TRACKS)}
            source="artist"
            label={trans('Popular tracks')}
          />
          {topTracks.length > COLLAPSED_TRACKS && (
            <Button
              variant="text"
              size="sm"
              className="mt-2"
              onClick={() => setExpanded((v) => !v)}
            >
              {expanded ? trans('Show less') : trans('Show more')}
            </Button>
          )}
        </section>
        {albums.length > 0 && (
          <section aria-labelledby="albums-heading">
            <h2 id="albums-heading" className="mb-2 text-xl font-bold">
              {trans('Discography')}
            </h2>
            <CardGrid className="-mx-2">
              {albums.map((album) => (
                <AlbumCard key={album.id} album={album} />
              ))}
            </CardGrid>
          </section>
        )}
        {similar.length > 0 && (
          <Carousel title={trans('Fans also like')}>
            {similar.map((other) => (
              <ArtistCard key={other.id} artist={other} />
            ))}
          </Carousel>
        )}
        <section aria-labelledby="about-heading" className="rounded-2xl bg-bg-alt p-6">
          <h2 id="about-heading" className="mb-3 text-xl font-bold">
            {trans('About')}
          </h2>
          {artist.description && <p className="max-w-3xl text-fg-muted">{artist.description}</p>}
          <div className="mt-4 flex flex-col gap-3">
            <Chips
              label={trans('Genres')}
              items={artist.genres.map((g) => ({
                key: g.id,
                label: g.display_name,
                to: genreLink(g),
              }))}
            />
            {artist.links.length > 0 && (
              <ul className="flex flex-wrap gap-4 text-sm">
                {artist.links.map((link) => (
                  <li key={link.url}>
                    <a
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="inline-flex min-h-6 items-center gap-1 text-fg underline-offset-2 hover:underline [&>svg]:text-primary"
                    >
                      <Icon name="link" size={16} />
                      {link.title}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
        <AdSlot slot="artist_bottom" />
      </div>
    </div>
  );
}
