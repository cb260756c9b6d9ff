import { useEffect, useRef } from 'react';
import { useLocation, useParams } from 'react-router';
import { RADIO_SEED_TYPES, type RadioSeedType } from '@backbeat/common';
import { useTrans, useTransChoice } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { MediaHeader } from '../../entities/catalog/media-header.tsx';
import { EmptyState, PageSkeleton, QueryError } from '../../entities/errors/page-states.tsx';
import { TrackTable } from '../../entities/listings/track-table.tsx';
import { useRadioQuery } from '../../entities/catalog/queries.ts';
import { NotFoundPage } from '../../entities/errors/error-pages.tsx';
import { player } from '../../entities/player/player-store.ts';
import { setPageTitle } from '../../lib/document-title.ts';

const SEED_LABELS: Record<RadioSeedType, string> = {
  artist: 'Artist radio',
  track: 'Track radio',
  genre: 'Genre radio',
};

function Station({ type, id }: { type: RadioSeedType; id: number }) {
  const trans = useTrans();
  const transChoice = useTransChoice();
  const location = useLocation();
  const query = useRadioQuery(type, id);
  const station = query.data?.station;
  const started = useRef(false);

  // "Start radio" buttons arrive here wanting the station to play at once.
  useEffect(() => {
    const wantsAutoplay = (location.state as { autoplay?: boolean } | null)?.autoplay;
    if (station && wantsAutoplay && !started.current && station.tracks.length) {
      started.current = true;
      player.playTracks(station.tracks, { source: 'radio' });
    }
  }, [station, location.state]);

  useEffect(() => {
    if (station) setPageTitle(trans(':name radio', { name: station.seed.name }));
  }, [station, trans]);

  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  if (!station) return <PageSkeleton />;
  return (
    <div className="pb-12">
      <MediaHeader
        image={station.seed.image}
        round={type === 'artist'}
        fallbackIcon="radio"
        eyebrow={trans(SEED_LABELS[type])}
        title={trans(':name radio', { name: station.seed.name })}
        meta={transChoice(
          'A mix of :count track picked from this catalog, based on :name.|A mix of :count tracks picked from this catalog, based on :name.',
          station.tracks.length,
          { name: station.seed.name },
        )}
        actions={
          <>
            <Button
              size="lg"
              disabled={!station.tracks.length}
              onClick={() => player.playTracks(station.tracks, { source: 'radio' })}
            >
              <Icon name="play" size={22} />
              {trans('Play station')}
            </Button>
            <Button variant="outline" size="lg" onClick={() => void query.refetch()}>
              <Icon name="shuffle" size={20} />
              {trans('New mix')}
            </Button>
          </>
        }
      />
      <div className="px-4 md:px-8">
        {station.tracks.length ? (
          <TrackTable tracks={station.tracks} source="radio" label={trans('Station tracks')} />
        ) : (
          <EmptyState icon="radio" title={trans('Not enough music for a station yet')} />
        )}
      </div>
    </div>
  );
}

/** `radio/{seedType}/{seedId}/{seedName}`: a station built from the local catalog only. */
export function RadioPage() {
  const { seedType, seedId } = useParams();
  const id = Number(seedId);
  if (
    !(RADIO_SEED_TYPES as readonly string[]).includes(seedType ?? '') ||
    !Number.isInteger(id) ||
    id < 1
  ) {
    return <NotFoundPage />;
  }
  return <Station key={`${seedType}-${id}`} type={seedType as RadioSeedType} id={id} />;
}
