import type { Db } from '../../db/database.ts';

export function createCustomPagesRepository(db: Db) {
  return {
    /** A page by its id (digits) or its slug. */
    async find(idOrSlug: string) {
      const query = db
        .selectFrom('custom_pages')
        .select(['id', 'slug', 'title', 'body', 'meta_title', 'meta_description', 'updated_at']);
      return /^\d+$/.test(idOrSlug) && Number(idOrSlug) <= 2_147_483_647
        ? query.where('id', '=', Number(idOrSlug)).executeTakeFirst()
        : query.where('slug', '=', idOrSlug.toLowerCase()).executeTakeFirst();
    },
  };
}

export type CustomPagesRepository = ReturnType<typeof createCustomPagesRepository>;
