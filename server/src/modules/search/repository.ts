import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';

export const SEARCH_KINDS = ['artist', 'album', 'track', 'tag', 'playlist'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export interface SearchDocument {
  kind: SearchKind;
  refId: number;
  /** Folded text (see foldSearchText): matched with the most weight. */
  name: string;
  /** Folded secondary text: artist names of a track, album title… */
  extra: string;
  /** 0..1 from popularity; multiplies relevance. */
  boost: number;
}

/** One row per document; the kind is folded into the rowid so an upsert is a keyed write. */
const rowidOf = (kind: SearchKind, refId: number) =>
  (SEARCH_KINDS.indexOf(kind) + 1) * 10_000_000_000 + refId;

/**
 * The full-text index: FTS5 with prefix indexes on SQLite, a weighted tsvector with GIN on
 * PostgreSQL. Terms arrive already folded and reduced to letters and digits (searchTerms).
 */
export function createSearchIndexRepository(db: Db, dialect: Dialect) {
  return {
    async upsert(documents: SearchDocument[]): Promise<void> {
      for (let i = 0; i < documents.length; i += 500) {
        const rows = documents.slice(i, i + 500).map((d) => ({
          rowid: rowidOf(d.kind, d.refId),
          kind: d.kind,
          ref_id: d.refId,
          boost: d.boost,
          name: d.name,
          extra: d.extra,
        }));
        if (dialect === 'postgres') {
          await db
            .insertInto('search_index')
            .values(rows)
            .onConflict((oc) =>
              oc.column('rowid').doUpdateSet((eb) => ({
                boost: eb.ref('excluded.boost'),
                name: eb.ref('excluded.name'),
                extra: eb.ref('excluded.extra'),
              })),
            )
            .execute();
        } else {
          // FTS5 tables have no upsert: replace by rowid.
          await db
            .deleteFrom('search_index')
            .where(
              'rowid',
              'in',
              rows.map((r) => r.rowid),
            )
            .execute();
          await db.insertInto('search_index').values(rows).execute();
        }
      }
    },

    async remove(kind: SearchKind, refIds: number[]): Promise<void> {
      if (!refIds.length) return;
      await db
        .deleteFrom('search_index')
        .where(
          'rowid',
          'in',
          refIds.map((id) => rowidOf(kind, id)),
        )
        .execute();
    },

    /** Ids of one kind matching every term as a prefix, best first. */
    async query(
      kind: SearchKind,
      terms: string[],
      page: { limit: number; offset: number },
    ): Promise<number[]> {
      if (!terms.length) return [];
      if (dialect === 'postgres') {
        const tsquery = terms.map((term) => `${term}:*`).join(' & ');
        const rows = await sql<{ ref_id: number }>`
          select ref_id from search_index, to_tsquery('simple', ${tsquery}) as q
          where kind = ${kind} and document @@ q
          order by ts_rank(document, q) * (1 + boost) desc, ref_id
          limit ${page.limit} offset ${page.offset}`.execute(db);
        return rows.rows.map((r) => Number(r.ref_id));
      }
      const match = `kind:${kind} AND {name extra}:(${terms.map((term) => `"${term}"*`).join(' AND ')})`;
      const rows = await sql<{ ref_id: number }>`
        select ref_id from search_index
        where search_index match ${match}
        order by bm25(search_index, 0.0, 0.0, 0.0, 10.0, 2.0) * (1.0 + boost)
        limit ${page.limit} offset ${page.offset}`.execute(db);
      return rows.rows.map((r) => Number(r.ref_id));
    },

    /**
     * Users by the start of any word of their name, as typed or folded. Users are not in the
     * index (their module owns the table), so accents only match when typed.
     */
    async users(terms: string[], typed: string, limit: number) {
      if (!terms.length) return [];
      const first = terms[0]!;
      const raw = typed.toLowerCase().split(/\s+/)[0] || first;
      return db
        .selectFrom('users')
        .select(['id', 'name', 'image'])
        .where((eb) =>
          eb.or([
            eb(sql`lower(name)`, 'like', `${first}%`),
            eb(sql`lower(name)`, 'like', `% ${first}%`),
            eb(sql`lower(name)`, 'like', `${raw}%`),
            eb(sql`lower(name)`, 'like', `% ${raw}%`),
          ]),
        )
        .where('banned_at', 'is', null)
        .orderBy('name')
        .limit(limit)
        .execute();
    },
  };
}

export type SearchIndexRepository = ReturnType<typeof createSearchIndexRepository>;
