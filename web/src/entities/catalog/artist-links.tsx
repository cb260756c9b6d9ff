import clsx from 'clsx';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { artistLink, type ArtistRef } from '@backbeat/common';

export function ArtistLinks({
  artists,
  className,
  onNavigate,
}: {
  artists: ArtistRef[];
  className?: string;
  onNavigate?: () => void;
}) {
  return (
    <span className={clsx('truncate', className)}>
      {artists.map((artist, index) => (
        <Fragment key={artist.id}>
          {index > 0 && ', '}
          <Link
            to={artistLink(artist)}
            onClick={onNavigate}
            className="hover:underline focus-visible:underline focus-visible:outline-none"
          >
            {artist.name}
          </Link>
        </Fragment>
      ))}
    </span>
  );
}
