import clsx from 'clsx';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { artistLink, radioLink, type ArtistRef } from '@backbeat/common';
import { useTrans } from '../../../lib/translator.ts';
import { HoverPopover } from '../../../ui/hover-popover/hover-popover.tsx';
import { Artwork } from './artwork.tsx';

/** What hovering an artist's name shows: who they are and where to go from here. */
function ArtistCard({ artist, onNavigate }: { artist: ArtistRef; onNavigate?: () => void }) {
  const trans = useTrans();
  return (
    <div className="flex items-center gap-3">
      <Artwork src={artist.image} size={56} rounded="full" fallbackIcon="mic" />
      <div className="flex min-w-0 flex-col gap-1">
        <span className="truncate font-semibold">{artist.name}</span>
        <Link
          to={radioLink('artist', artist)}
          onClick={onNavigate}
          className="text-xs text-fg-muted hover:text-fg hover:underline"
        >
          {trans('Artist radio')}
        </Link>
      </div>
    </div>
  );
}

export function ArtistLinks({
  artists,
  className,
  onNavigate,
  withCard = false,
}: {
  artists: ArtistRef[];
  className?: string;
  onNavigate?: () => void;
  /**
   * Shows the artist card while the pointer rests on a name. Only where the names stand
   * alone (a page header): in rows and the player bar a card would cover the controls.
   */
  withCard?: boolean;
}) {
  const link = (artist: ArtistRef) => (
    <Link
      to={artistLink(artist)}
      onClick={onNavigate}
      className="hover:underline focus-visible:underline focus-visible:outline-none"
    >
      {artist.name}
    </Link>
  );
  return (
    <span className={clsx('truncate', className)}>
      {artists.map((artist, index) => (
        <Fragment key={artist.id}>
          {index > 0 && ', '}
          {withCard ? (
            <HoverPopover label={artist.name} trigger={link(artist)}>
              <ArtistCard artist={artist} onNavigate={onNavigate} />
            </HoverPopover>
          ) : (
            link(artist)
          )}
        </Fragment>
      ))}
    </span>
  );
}
