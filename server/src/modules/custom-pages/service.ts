import type { CustomPage } from '@backbeat/common/admin/site';
import { notFound } from '../../lib/domain-errors.ts';
import { sanitizeRichText } from '../../lib/sanitize-html.ts';
import type { CustomPagesRepository } from './repository.ts';

export type CustomPagesService = ReturnType<typeof createCustomPagesService>;

/** Custom pages as visitors read them (spec 2 §3), with their SEO fields. */
export function createCustomPagesService(repository: CustomPagesRepository) {
  return {
    async show(idOrSlug: string) {
      const page = await repository.find(idOrSlug);
      if (!page) throw notFound('This page does not exist.');
      const shown: CustomPage = {
        id: page.id,
        slug: page.slug,
        title: page.title,
        // Sanitised on save too; again here in case a row was written some other way.
        body: sanitizeRichText(page.body),
        updated_at: page.updated_at,
      };
      return {
        page: shown,
        seo: { title: page.meta_title || page.title, description: page.meta_description },
      };
    },
  };
}
