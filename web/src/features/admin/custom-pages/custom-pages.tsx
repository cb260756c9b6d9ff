import { Link } from 'react-router';
import { customPagesResource, type AdminCustomPage } from '@backbeat/common/admin/site';
import { useTrans } from '../../../lib/translator.ts';
import { ResourceIndex } from '../resources/resource-index.tsx';

/** `/admin/custom-pages` (custom_pages.update). */
export function CustomPagesIndexPage() {
  const trans = useTrans();
  return (
    <ResourceIndex<AdminCustomPage>
      resource={customPagesResource}
      title={trans('Custom pages')}
      rowLabel={(page) => page.title}
      columns={[
        { key: 'title', header: trans('Title') },
        {
          key: 'slug',
          header: trans('Address'),
          wide: true,
          cell: (page) => (
            <Link to={`/pages/${page.slug}`} className="text-primary hover:underline">
              /pages/{page.slug}
            </Link>
          ),
        },
        {
          key: 'updated_at',
          header: trans('Updated'),
          wide: true,
          cell: (page) => new Date(page.updated_at).toLocaleDateString(),
        },
      ]}
      filters={{}}
      labels={{
        create: trans('New page'),
        empty: trans('No pages match.'),
        search: trans('Search pages'),
        deleted: trans('Pages deleted'),
      }}
    />
  );
}
