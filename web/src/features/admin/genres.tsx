import type { AdminGenre } from '@backbeat/common/admin/taxonomy';
import { genresResource } from '@backbeat/common/admin/taxonomy';
import { useTrans } from '../../lib/translator.ts';
import { ResourceFormPage } from './resources/resource-form.tsx';
import { ResourceIndex } from './resources/resource-index.tsx';

/** Admin genres (spec §2): the shared list and form, told which columns and labels to show. */
export function GenresIndexPage() {
  const trans = useTrans();
  return (
    <ResourceIndex<AdminGenre>
      resource={genresResource}
      title={trans('Genres')}
      rowLabel={(genre) => genre.display_name}
      columns={[
        {
          key: 'display_name',
          header: trans('Name'),
          cell: (genre) => (
            <span className="flex items-center gap-3">
              {genre.image ? (
                <img src={genre.image} alt="" className="size-8 rounded object-cover" />
              ) : (
                <span aria-hidden className="size-8 rounded bg-bg-alt" />
              )}
              {genre.display_name}
            </span>
          ),
        },
        { key: 'name', header: trans('Address name'), wide: true },
        { key: 'popularity', header: trans('Popularity'), wide: true },
        {
          key: 'created_at',
          header: trans('Created'),
          wide: true,
          cell: (genre) => new Date(genre.created_at).toLocaleDateString(),
        },
      ]}
      filters={{
        has_image: {
          label: trans('Image'),
          options: { yes: trans('Has image'), no: trans('No image') },
        },
      }}
      labels={{
        create: trans('New genre'),
        empty: trans('No genres match.'),
        search: trans('Search genres'),
        deleted: trans('Genres deleted'),
      }}
    />
  );
}

export function GenreFormPage() {
  const trans = useTrans();
  return (
    <ResourceFormPage<AdminGenre>
      resource={genresResource}
      titles={{
        create: trans('New genre'),
        edit: (genre) => trans('Edit ":name"', { name: genre.display_name }),
      }}
      fields={{
        name: {
          label: trans('Name'),
          description: trans('Kept in lowercase; it is the genre’s address.'),
        },
        display_name: { label: trans('Display name') },
        image: { label: trans('Image address'), type: 'url' },
      }}
      saved={trans('Genre saved')}
    />
  );
}
