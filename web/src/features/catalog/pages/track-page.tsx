import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import {
  albumLink,
  formatDuration,
  genreLink,
  radioLink,
  tagLink,
  trackEmbedLink,
  trackLink,
} from '@backbeat/common';
import { useTrans, useTransChoice } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { openDialog } from '../../../ui/dialog/dialog-store.ts';
import { Icon } from '../../../ui/icons.tsx';
import { LyricsView } from '../../../entities/lyrics/lyrics-view.tsx';
import { Waveform } from '../../../entities/player/seek-bar.tsx';
import { player, usePlayerStore } from '../../../entities/player/player-store.ts';
import { ArtistLinks } from '../../../entities/catalog/artist-links.tsx';
import { CommentMarkers } from '../../../entities/comments/comment-markers.tsx';
import { TrackComments } from '../../../entities/comments/track-comments.tsx';
import { RepostButton } from '../../../entities/library/repost-button.tsx';
import { DownloadButton } from '../components/download-button.tsx';
import { LikePageButton } from '../../../entities/library/like-button.tsx';
import { Chips, MediaHeader } from '../../../entities/catalog/media-header.tsx';
import { PageSkeleton, QueryError } from '../../../entities/errors/page-states.tsx';
import { PlayActions } from '../../../entities/player/play-actions.tsx';
import { ShareDialog } from '../../../entities/catalog/share-dialog.tsx';
import { TrackTable } from '../../../entities/listings/track-table.tsx';
import { useTrackQuery } from '../../../entities/catalog/queries.ts';
import { setPageTitle } from '../../../lib/document-title.ts';

export function TrackPage() {
  const trans = useTrans();
  const transChoice = useTransChoice();
  const id = Number(useParams().trackId);
  const query = useTrackQuery(id);
  const data = query.data;
  const isCurrent = usePlayerStore((s) => s.queue[s.index]?.track.id === id);
  const progress = usePlayerStore((s) =>
    s.queue[s.index]?.track.id === id && s.duration ? s.position / s.duration : 0,
  );
  // Whole seconds are enough to offer "comment at 1:23" without re-rendering every frame.
  const positionMs = usePlayerStore((s) =>
    s.queue[s.index]?.track.id === id ? Math.floor(s.position) * 1000 : null,
  );

  useEffect(() => {
    if (data) setPageTitle(data.track.name);
  }, [data]);

  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  if (!data) return <PageSkeleton />;
  const { track, more_by_artist: more } = data;
  /** Jumps to a moment of this track, starting it first when something else plays. */
  const seek = (seconds: number) => {
    if (!isCurrent) player.playTracks([track, ...more], { source: 'track' });
    player.seek(seconds);
  };

  return (
    <div className="pb-12">
      <MediaHeader
        image={track.image}
        eyebrow={trans('Track')}
        title={track.name}
        meta={
          <span className="inline-flex flex-wrap items-center justify-center gap-x-1.5 md:justify-start">
            <ArtistLinks artists={track.artists} className="font-semibold text-fg" withCard />
            {track.album && (
              <>
                ·{' '}
                <Link
                  to={albumLink({ ...track.album, artists: track.artists })}
                  className="hover:underline"
                >
                  {track.album.name}
                </Link>
              </>
            )}
            <span>· {formatDuration(track.duration)}</span>
            <span>· {transChoice(':count play|:count plays', track.plays)}</span>
          </span>
        }
        actions={
          <PlayActions tracks={[track, ...more]} radio={radioLink('track', track)}>
            <LikePageButton type="tracks" id={track.id} name={track.name} />
            <RepostButton type="tracks" id={track.id} />
            <DownloadButton trackId={track.id} />
            <Button
              variant="text"
              size="lg"
              aria-label={trans('Share')}
              onClick={() =>
                void openDialog(() => (
                  <ShareDialog
                    title={track.name}
                    link={trackLink(track)}
                    embedLink={trackEmbedLink(track)}
                    embedHeight={180}
                    shareItem={{ type: 'track', id: track.id }}
                  />
                ))
              }
            >
              <Icon name="share" size={20} />
            </Button>
          </PlayActions>
        }
      />
      <div className="flex flex-col gap-10 px-4 md:px-8">
        {track.waveform.length > 0 && (
          <div className="flex flex-col gap-1">
            <button
              type="button"
              aria-label={trans('Play from here')}
              className="h-20 w-full rounded-xl bg-bg-alt p-3"
              onClick={(e) => {
                const box = e.currentTarget.getBoundingClientRect();
                const fraction = (e.clientX - box.left) / box.width;
                if (isCurrent) player.seek(fraction * (track.duration / 1000));
                else player.playTracks([track, ...more], { source: 'track' });
              }}
            >
              <Waveform peaks={track.waveform} progress={progress} className="h-full w-full" />
            </button>
            <div className="px-3">
              <CommentMarkers trackId={track.id} duration={track.duration} onSeek={seek} />
            </div>
          </div>
        )}
        <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <section aria-labelledby="lyrics-heading">
            <h2 id="lyrics-heading" className="mb-3 text-xl font-bold">
              {trans('Lyrics')}
            </h2>
            {track.has_lyrics ? (
              <LyricsView trackId={track.id} />
            ) : (
              <p className="text-fg-muted">{trans('This track has no lyrics.')}</p>
            )}
          </section>
          {more.length > 0 && (
            <section aria-labelledby="more-heading">
              <h2 id="more-heading" className="mb-2 text-xl font-bold">
                {trans('More by :artist', { artist: track.artists[0]?.name ?? '' })}
              </h2>
              <TrackTable
                tracks={more}
                source="track"
                label={trans('More by the artist')}
                showAlbum={false}
              />
            </section>
          )}
        </div>
        {track.description && (
          <p className="max-w-3xl text-sm text-fg-muted">{track.description}</p>
        )}
        <Chips
          label={trans('Genres and tags')}
          items={[
            ...track.genres.map((g) => ({
              key: `g${g.id}`,
              label: g.display_name,
              to: genreLink(g),
            })),
            ...track.tags.map((t) => ({
              key: `t${t.id}`,
              label: `#${t.display_name}`,
              to: tagLink(t),
            })),
          ]}
        />
        <TrackComments trackId={track.id} positionMs={positionMs} onSeek={seek} />
      </div>
    </div>
  );
}
