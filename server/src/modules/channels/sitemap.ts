import type { Db } from '../../db/database.ts';

/** Channels with a page of their own (not those narrowed to a genre), for the sitemap. */
export function createChannelsSitemap(db: Db) {
  return {
    async slugs(): Promise<{ slug: string; updated_at: string | Date }[]> {
      return db
        .selectFrom('channels')
        .select(['channels.slug', 'channels.updated_at'])
        .where((eb) =>
          eb.or([
            eb('channels.restriction', 'is', null),
            eb('channels.restriction', '!=', 'genre'),
          ]),
        )
        .orderBy('channels.id')
        .execute();
    },
  };
}
