import { AdSlot } from '../../../entities/ads/ad-slot.tsx';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import {
  albumEmbedLink,
  albumLink,
  artistLink,
  formatDuration,
  genreLink,
  tagLink,
} from '@backbeat/common';
import { useTrans, useTransChoice } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { openDialog } from '../../../ui/dialog/dialog-store.ts';
import { Icon } from '../../../ui/icons.tsx';
import { RepostButton } from '../../../entities/library/repost-button.tsx';
import { LikePageButton } from '../../../entities/library/like-button.tsx';
import { Chips, MediaHeader } from '../../../entities/catalog/media-header.tsx';
import { EmptyState, PageSkeleton, QueryError } from '../../../entities/errors/page-states.tsx';
import { PlayActions } from '../../../entities/player/play-actions.tsx';
import { DownloadButton } from '../../../entities/offline/download-button.tsx';
import { ShareDialog } from '../../../entities/catalog/share-dialog.tsx';
import { AlbumTracks } from '../components/album-discs.tsx';
import { useAlbumQuery } from '../../../entities/catalog/queries.ts';
import { setPageTitle } from '../../../lib/document-title.ts';

const TYPE_LABELS = { album: 'Album', single: 'Single', ep: 'EP', compilation: 'Compilation' };

export function AlbumPage() {
  const trans = useTrans();
  const transChoice = useTransChoice();
  const id = Number(useParams().albumId);
  const query = useAlbumQuery(id);
  const album = query.data?.album;

  useEffect(() => {
    if (album) setPageTitle(`${album.name} · ${album.artists.map((a) => a.name).join(', ')}`);
  }, [album]);

  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  if (!album) return <PageSkeleton />;
  const total = album.tracks.reduce((sum, t) => sum + t.duration, 0);

  return (
    <div className="pb-12">
      <MediaHeader
        image={album.image}
        eyebrow={trans(TYPE_LABELS[album.type])}
        title={album.name}
        meta={
          <span className="inline-flex flex-wrap items-center justify-center gap-x-1.5 md:justify-start">
            {album.artists.map((artist) => (
              <Link
                key={artist.id}
                to={artistLink(artist)}
                className="font-semibold text-fg hover:underline"
              >
                {artist.name}
              </Link>
            ))}
            {album.release_date && <span>· {album.release_date.slice(0, 4)}</span>}
            <span>· {transChoice(':count track|:count tracks', album.tracks.length)}</span>
            <span>· {formatDuration(total)}</span>
          </span>
        }
        actions={
          <PlayActions tracks={album.tracks} source="album">
            <LikePageButton type="albums" id={album.id} name={album.name} />
            <RepostButton type="albums" id={album.id} />
            <DownloadButton
              kind="album"
              id={album.id}
              name={album.name}
              link={albumLink(album)}
              image={album.image}
              tracks={album.tracks}
            />
            <Button
              variant="text"
              size="lg"
              aria-label={trans('Share')}
              onClick={() =>
                void openDialog(() => (
                  <ShareDialog
                    title={album.name}
                    link={albumLink(album)}
                    embedLink={albumEmbedLink(album)}
                    embedHeight={380}
                    shareItem={{ type: 'album', id: album.id }}
                  />
                ))
              }
            >
              <Icon name="share" size={20} />
            </Button>
          </PlayActions>
        }
      />
      <div className="flex flex-col gap-8 px-4 md:px-8">
        <AdSlot slot="album_above" />
        {album.tracks.length ? (
          <AlbumTracks tracks={album.tracks} />
        ) : (
          <EmptyState title={trans('This album has no tracks yet')} />
        )}
        {album.description && (
          <p className="max-w-3xl text-sm text-fg-muted">{album.description}</p>
        )}
        <Chips
          label={trans('Genres and tags')}
          items={[
            ...album.genres.map((g) => ({
              key: `g${g.id}`,
              label: g.display_name,
              to: genreLink(g),
            })),
            ...album.tags.map((t) => ({
              key: `t${t.id}`,
              label: `#${t.display_name}`,
              to: tagLink(t),
            })),
          ]}
        />
      </div>
    </div>
  );
}
