import { Link } from 'react-router';
import { trackLink } from '@backbeat/common';
import { useTrans } from '../../lib/translator.ts';
import { ArtistLinks } from '../../entities/catalog/artist-links.tsx';
import { Artwork } from '../../entities/catalog/artwork.tsx';
import { EmptyState } from '../../entities/errors/page-states.tsx';
import { useCurrentTrack } from '../../entities/player/player-store.ts';
import { LyricsView } from '../../entities/lyrics/lyrics-view.tsx';

/** `/lyrics`: the words of what is playing now, following along when synced. */
export function LyricsPage() {
  const trans = useTrans();
  const track = useCurrentTrack();
  if (!track) {
    return (
      <div className="px-4 py-10 md:px-8">
        <EmptyState
          icon="lyrics"
          title={trans('Nothing is playing')}
          text={trans('Play a track to see its lyrics here.')}
        />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 md:px-8">
      <div className="mb-8 flex items-center gap-4">
        <Artwork src={track.image} size={72} />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wider text-fg-muted uppercase">
            {trans('Lyrics')}
          </p>
          <h1 className="truncate text-2xl font-extrabold">
            <Link to={trackLink(track)} className="hover:underline">
              {track.name}
            </Link>
          </h1>
          <ArtistLinks artists={track.artists} className="block text-fg-muted" />
        </div>
      </div>
      <LyricsView trackId={track.id} large />
    </div>
  );
}
