import type { AdminTag } from '@backbeat/common/admin/taxonomy';
import { tagsResource } from '@backbeat/common/admin/taxonomy';
import { useTrans } from '../../lib/translator.ts';
import { ResourceFormPage } from './resources/resource-form.tsx';
import { ResourceIndex } from './resources/resource-index.tsx';

/** Admin tags (spec §2, `tags.update`): the second resource on the same pattern. */
export function TagsIndexPage() {
  const trans = useTrans();
  return (
    <ResourceIndex<AdminTag>
      resource={tagsResource}
      title={trans('Tags')}
      rowLabel={(tag) => tag.display_name}
      columns={[
        { key: 'display_name', header: trans('Name') },
        { key: 'name', header: trans('Address name'), wide: true },
        {
          key: 'created_at',
          header: trans('Created'),
          wide: true,
          cell: (tag) => new Date(tag.created_at).toLocaleDateString(),
        },
      ]}
      filters={{
        in_use: { label: trans('Used'), options: { yes: trans('In use'), no: trans('Unused') } },
      }}
      labels={{
        create: trans('New tag'),
        empty: trans('No tags match.'),
        search: trans('Search tags'),
        deleted: trans('Tags deleted'),
      }}
    />
  );
}

export function TagFormPage() {
  const trans = useTrans();
  return (
    <ResourceFormPage<AdminTag>
      resource={tagsResource}
      titles={{
        create: trans('New tag'),
        edit: (tag) => trans('Edit ":name"', { name: tag.display_name }),
      }}
      fields={{ name: { label: trans('Name') }, display_name: { label: trans('Display name') } }}
      saved={trans('Tag saved')}
    />
  );
}
