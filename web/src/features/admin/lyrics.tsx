import { lyricsResource, type AdminLyric } from '@backbeat/common/admin/content';
import { useTrans } from '../../lib/translator.ts';
import { ResourceFormPage } from './resources/resource-form.tsx';
import { ResourceIndex } from './resources/resource-index.tsx';

/** Admin lyrics (spec 2 §2): plain or synced (LRC) lyrics of a track. */
export function LyricsIndexPage() {
  const trans = useTrans();
  return (
    <ResourceIndex<AdminLyric>
      resource={lyricsResource}
      title={trans('Lyrics')}
      rowLabel={(lyric) => lyric.track?.name ?? trans('Lyrics')}
      columns={[
        { key: 'track', header: trans('Track'), cell: (l) => l.track?.name ?? '' },
        {
          key: 'text',
          header: trans('Lyrics'),
          wide: true,
          cell: (l) => <span className="line-clamp-1 max-w-md">{l.text}</span>,
        },
        {
          key: 'is_synced',
          header: trans('Synced'),
          cell: (l) => (l.is_synced ? trans('Synced') : trans('Plain')),
        },
        {
          key: 'updated_at',
          header: trans('Updated'),
          wide: true,
          cell: (l) => new Date(l.updated_at).toLocaleDateString(),
        },
      ]}
      filters={{
        synced: { label: trans('Synced'), options: { yes: trans('Synced'), no: trans('Plain') } },
      }}
      labels={{
        create: trans('New lyrics'),
        empty: trans('No lyrics match.'),
        search: trans('Search lyrics'),
        deleted: trans('Lyrics deleted'),
      }}
    />
  );
}

export function LyricFormPage() {
  const trans = useTrans();
  return (
    <ResourceFormPage<AdminLyric>
      resource={lyricsResource}
      titles={{
        create: trans('New lyrics'),
        edit: (lyric) => trans('Lyrics of ":name"', { name: lyric.track?.name ?? '' }),
      }}
      fields={{
        track_id: {
          label: trans('Track id'),
          type: 'number',
          description: trans('The number in the track’s address.'),
        },
        text: { label: trans('Lyrics'), type: 'textarea' },
        is_synced: { label: trans('Synced (LRC timestamps)'), type: 'checkbox' },
      }}
      saved={trans('Lyrics saved')}
    />
  );
}
