import { slugify } from '@backbeat/common';
import { customPagesResource } from '@backbeat/common/admin/site';
import { sanitizeRichText } from '../../lib/sanitize-html.ts';
import { defineResource } from '../../resources/define-resource.ts';

/** An address for a page: from the slug given, else from the title; never only digits (ids). */
export function pageSlug(slug: string | undefined, title: string): string {
  const made = slugify(slug || title).slice(0, 120) || 'page';
  return /^\d+$/.test(made) ? `page-${made}` : made;
}

/**
 * Admin custom pages (spec 2 §2, custom_pages.update): the generic five routes on the
 * `custom_pages` table. The body is sanitised on save (and again when shown).
 */
export const customPagesAdminRoutes = defineResource(customPagesResource, {
  table: 'custom_pages',
  search: ['title', 'slug'],
  unique: ['slug'],
  timestamps: ['created_at', 'updated_at'],
  filters: {},
  hooks: () => ({
    toInsert: (input) => ({
      title: input.title,
      slug: pageSlug(input.slug, input.title),
      body: sanitizeRichText(input.body),
      meta_title: input.meta_title ?? null,
      meta_description: input.meta_description ?? null,
    }),
    toUpdate: (input, existing) => ({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.slug !== undefined
        ? { slug: pageSlug(input.slug, input.title ?? String(existing.title)) }
        : {}),
      ...(input.body !== undefined ? { body: sanitizeRichText(input.body) } : {}),
      ...(input.meta_title !== undefined ? { meta_title: input.meta_title } : {}),
      ...(input.meta_description !== undefined ? { meta_description: input.meta_description } : {}),
    }),
  }),
});
