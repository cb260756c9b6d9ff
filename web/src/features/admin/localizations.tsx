import { Link } from 'react-router';
import { localizationsResource, type AdminLocalization } from '@backbeat/common/admin/site';
import { useTrans } from '../../lib/translator.ts';
import { ResourceFormPage } from './resources/resource-form.tsx';
import { ResourceIndex } from './resources/resource-index.tsx';

/** `/admin/localizations` (localizations.update): the languages, each with a translate link. */
export function LocalizationsIndexPage() {
  const trans = useTrans();
  return (
    <ResourceIndex<AdminLocalization>
      resource={localizationsResource}
      title={trans('Localizations')}
      rowLabel={(row) => row.name}
      columns={[
        { key: 'name', header: trans('Name') },
        { key: 'language', header: trans('Language code') },
        {
          key: 'translate',
          header: trans('Translations'),
          cell: (row) => (
            <Link
              to={`/admin/localizations/${row.id}/translate`}
              className="text-primary underline-offset-2 hover:underline"
            >
              {trans('Translate')}
              <span className="sr-only"> {row.name}</span>
            </Link>
          ),
        },
        {
          key: 'updated_at',
          header: trans('Updated'),
          wide: true,
          cell: (row) => new Date(row.updated_at).toLocaleDateString(),
        },
      ]}
      filters={{}}
      labels={{
        create: trans('Add a language'),
        empty: trans('No languages match.'),
        search: trans('Search languages'),
        deleted: trans('Languages deleted'),
      }}
    />
  );
}

export function LocalizationFormPage() {
  const trans = useTrans();
  return (
    <ResourceFormPage<AdminLocalization>
      resource={localizationsResource}
      titles={{
        create: trans('Add a language'),
        edit: (row) => trans('Edit ":name"', { name: row.name }),
      }}
      fields={{
        name: { label: trans('Name'), description: trans('As people see it in the picker.') },
        language: {
          label: trans('Language code'),
          description: trans('An ISO code such as es or pt-br.'),
        },
      }}
      saved={trans('Language saved')}
    />
  );
}
