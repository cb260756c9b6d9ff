import { Link } from 'react-router';
import {
  albumsResource,
  artistsResource,
  tracksResource,
  type AdminAlbum,
  type AdminArtist,
  type AdminTrack,
} from '@backbeat/common/admin/content';
import { artistLink, trackLink } from '@backbeat/common';
import { useTrans } from '../../lib/translator.ts';
import { buttonClass } from '../../ui/button.tsx';
import { ResourceIndex } from './resources/resource-index.tsx';

const date = (value: string | null) => (value ? new Date(value).toLocaleDateString() : '');
const names = (refs: { name: string }[]) => refs.map((ref) => ref.name).join(', ');
const yesNo = (trans: (s: string) => string, label: string) => ({
  label,
  options: { yes: trans('Yes'), no: trans('No') },
});

/*
 * Admin tracks, albums and artists lists (spec 2 §2): search, filters, sort, bulk delete
 * through the catalog's delete routes. New, edit and insights are backstage's editors, reached
 * at /admin/tracks/:id/edit etc. (wired with the backstage pages).
 */

export function TracksIndexPage() {
  const trans = useTrans();
  return (
    <ResourceIndex<AdminTrack>
      resource={tracksResource}
      title={trans('Tracks')}
      rowLabel={(track) => track.name}
      editPath={(track) => `${track.id}/edit`}
      createPath="new"
      rowActions={(track) => (
        <Link
          to={trackLink(track)}
          className={buttonClass('text', 'xs')}
          aria-label={trans('Open :name', { name: track.name })}
        >
          {trans('Open')}
        </Link>
      )}
      columns={[
        { key: 'name', header: trans('Name') },
        { key: 'artists', header: trans('Artists'), cell: (t) => names(t.artists) },
        { key: 'album', header: trans('Album'), wide: true, cell: (t) => t.album?.name ?? '' },
        { key: 'plays', header: trans('Plays'), wide: true },
        {
          key: 'is_public',
          header: trans('Visibility'),
          wide: true,
          cell: (t) => (t.is_public ? trans('Public') : trans('Private')),
        },
        {
          key: 'created_at',
          header: trans('Created'),
          wide: true,
          cell: (t) => date(t.created_at),
        },
      ]}
      filters={{
        public: {
          label: trans('Visibility'),
          options: { yes: trans('Public'), no: trans('Private') },
        },
        has_album: yesNo(trans, trans('On an album')),
      }}
      labels={{
        create: trans('New track'),
        empty: trans('No tracks match.'),
        search: trans('Search tracks'),
        deleted: trans('Tracks deleted'),
      }}
    />
  );
}

export function AlbumsIndexPage() {
  const trans = useTrans();
  return (
    <ResourceIndex<AdminAlbum>
      resource={albumsResource}
      title={trans('Albums')}
      rowLabel={(album) => album.name}
      editPath={(album) => `${album.id}/edit`}
      createPath="new"
      columns={[
        { key: 'name', header: trans('Name') },
        { key: 'artists', header: trans('Artists'), cell: (a) => names(a.artists) },
        { key: 'tracks_count', header: trans('Tracks'), wide: true },
        { key: 'plays', header: trans('Plays'), wide: true },
        {
          key: 'release_date',
          header: trans('Released'),
          wide: true,
          cell: (a) => date(a.release_date),
        },
      ]}
      filters={{
        public: {
          label: trans('Visibility'),
          options: { yes: trans('Public'), no: trans('Private') },
        },
      }}
      labels={{
        create: trans('New album'),
        empty: trans('No albums match.'),
        search: trans('Search albums'),
        deleted: trans('Albums deleted'),
      }}
    />
  );
}

export function ArtistsIndexPage() {
  const trans = useTrans();
  return (
    <ResourceIndex<AdminArtist>
      resource={artistsResource}
      title={trans('Artists')}
      rowLabel={(artist) => artist.name}
      editPath={(artist) => `${artist.id}/edit`}
      createPath="new"
      rowActions={(artist) => (
        <Link
          to={artistLink(artist)}
          className={buttonClass('text', 'xs')}
          aria-label={trans('Open :name', { name: artist.name })}
        >
          {trans('Open')}
        </Link>
      )}
      columns={[
        { key: 'name', header: trans('Name') },
        { key: 'albums_count', header: trans('Albums'), wide: true },
        { key: 'tracks_count', header: trans('Tracks'), wide: true },
        { key: 'plays', header: trans('Plays'), wide: true },
        {
          key: 'verified',
          header: trans('Verified'),
          cell: (a) => (a.verified ? trans('Verified') : ''),
        },
      ]}
      filters={{ verified: yesNo(trans, trans('Verified')) }}
      labels={{
        create: trans('New artist'),
        empty: trans('No artists match.'),
        search: trans('Search artists'),
        deleted: trans('Artists deleted'),
      }}
    />
  );
}
