import { useQuery } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { getCustomPage } from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { setPageTitle } from '../../lib/document-title.ts';
import { QueryError, PageSkeleton } from '../../entities/errors/page-states.tsx';

/** Sets the page's meta description for as long as it is shown. */
function useMetaDescription(description: string | null | undefined) {
  useEffect(() => {
    if (!description) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const before = meta.content;
    meta.content = description;
    return () => {
      if (created) meta.remove();
      else meta.content = before;
    };
  }, [description]);
}

/** `/pages/{pageSlug}` and `/pages/{pageId}/{pageSlug}` (spec 2 §2): a custom page. */
export function CustomPage() {
  const { pageId, pageSlug } = useParams();
  const idOrSlug = pageId ?? pageSlug ?? '';
  const query = useQuery({
    queryKey: ['custom-pages', idOrSlug],
    queryFn: () => api(getCustomPage, { idOrSlug }),
  });
  const data = query.data;
  // Sanitised by the server on save and on answer; once more before it becomes markup.
  const body = useMemo(
    () => (data ? DOMPurify.sanitize(data.page.body, { FORBID_ATTR: ['style'] }) : ''),
    [data],
  );
  useEffect(() => {
    if (data) setPageTitle(data.seo.title);
  }, [data]);
  useMetaDescription(data?.seo.description);

  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  if (!data) return <PageSkeleton />;
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 md:px-8">
      <h1 className="mb-6 text-3xl font-bold">{data.page.title}</h1>
      <div
        data-testid="custom-page-body"
        className="prose-page"
        dangerouslySetInnerHTML={{ __html: body }}
      />
    </article>
  );
}
