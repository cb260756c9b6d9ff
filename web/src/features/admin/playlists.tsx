import { Link } from 'react-router';
import { playlistLink } from '@backbeat/common';
import { playlistsResource, type AdminPlaylist } from '@backbeat/common/admin/content';
import { useTrans } from '../../lib/translator.ts';
import { buttonClass } from '../../ui/button.tsx';
import { ResourceFormPage } from './resources/resource-form.tsx';
import { ResourceIndex } from './resources/resource-index.tsx';

/** Admin playlists (spec 2 §2): every user's playlists, renamed, hidden or deleted. */
export function PlaylistsIndexPage() {
  const trans = useTrans();
  return (
    <ResourceIndex<AdminPlaylist>
      resource={playlistsResource}
      title={trans('Playlists')}
      rowLabel={(playlist) => playlist.name}
      rowActions={(playlist) => (
        <Link
          to={playlistLink(playlist)}
          className={buttonClass('text', 'xs')}
          aria-label={trans('Open :name', { name: playlist.name })}
        >
          {trans('Open')}
        </Link>
      )}
      columns={[
        { key: 'name', header: trans('Name') },
        { key: 'owner', header: trans('Owner'), cell: (p) => p.owner?.name ?? '' },
        { key: 'tracks_count', header: trans('Tracks'), wide: true },
        {
          key: 'is_public',
          header: trans('Visibility'),
          wide: true,
          cell: (p) => (p.is_public ? trans('Public') : trans('Private')),
        },
        {
          key: 'created_at',
          header: trans('Created'),
          wide: true,
          cell: (p) => new Date(p.created_at).toLocaleDateString(),
        },
      ]}
      filters={{
        public: {
          label: trans('Visibility'),
          options: { yes: trans('Public'), no: trans('Private') },
        },
      }}
      labels={{
        create: '',
        empty: trans('No playlists match.'),
        search: trans('Search playlists'),
        deleted: trans('Playlists deleted'),
      }}
    />
  );
}

export function PlaylistFormPage() {
  const trans = useTrans();
  return (
    <ResourceFormPage<AdminPlaylist>
      resource={playlistsResource}
      titles={{
        create: '',
        edit: (playlist) => trans('Edit ":name"', { name: playlist.name }),
      }}
      fields={{
        name: { label: trans('Name') },
        description: { label: trans('Description'), type: 'textarea' },
        is_public: { label: trans('Public'), type: 'checkbox' },
      }}
      saved={trans('Playlist saved')}
    />
  );
}
