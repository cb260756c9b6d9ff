import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { hasWordStartingWith, startsWith } from '../../db/like.ts';

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

/** PostgreSQL: one row per document, keyed by kind and id, so an upsert is a keyed write. */
const KIND_ROWID_SPAN = 10_000_000_000;
const keyOf = (kind: SearchKind, refId: number) =>
  (SEARCH_KINDS.indexOf(kind) + 1) * KIND_ROWID_SPAN + refId;

/**
 * SQLite: rowids run by kind, then from the most popular down (boost in steps of 1/600,000),
 * then id. FTS5 reads matches in rowid order, so a query can stop after the most popular ones,
 * and the id and boost are read back from the rowid itself: reading them from the index's
 * content table cost a lookup per ranked candidate, a third of a cold search's time (issue 22).
 * Everything stays below 2^53, where JavaScript numbers are exact.
 */
const RANKED_KIND_SPAN = 1_000_000_000_000_000;
const RANKED_BUCKET_SPAN = 1_000_000_000;
const BOOST_STEPS = 600_000;
const LAST_BUCKET = 999_999;
export const rankedRowidOf = (kind: SearchKind, refId: number, boost: number) => {
  if (!Number.isInteger(refId) || refId < 0 || refId >= RANKED_BUCKET_SPAN) {
    throw new RangeError(`A search document's id must be below ${RANKED_BUCKET_SPAN}: ${refId}`);
  }
  const steps = Math.min(LAST_BUCKET, Math.max(0, Math.round(boost * BOOST_STEPS)));
  return (
    (SEARCH_KINDS.indexOf(kind) + 1) * RANKED_KIND_SPAN +
    (LAST_BUCKET - steps) * RANKED_BUCKET_SPAN +
    refId
  );
};
/**
 * SQLite: one FTS5 table per kind. A prefix query reads the whole list of documents holding
 * its words; in one shared table every kind's query read every kind's list (five times a
 * search), and ranked within corpus statistics of all kinds together. Each kind now reads and
 * ranks among its own documents only (issue 22).
 */
const KIND_INDEX_TABLES: Record<SearchKind, string> = {
  artist: 'search_index_artist',
  album: 'search_index_album',
  track: 'search_index_track',
  tag: 'search_index_tag',
  playlist: 'search_index_playlist',
};
/** Kysely knows the PostgreSQL index's shape; SQLite's kind tables have the same columns. */
const kindTable = (kind: SearchKind) => KIND_INDEX_TABLES[kind] as 'search_index';

/** One part of a search by field: every term, as a prefix, in a document's name, extra or either. */
export interface SearchClause {
  terms: string[];
  field: 'name' | 'extra' | 'either';
}
const FTS_COLUMNS: Record<SearchClause['field'], string> = {
  name: 'name',
  extra: 'extra',
  either: 'name extra',
};
/** PostgreSQL's document weighs the name A and the extra B (migration 0003). */
const TS_WEIGHTS: Record<SearchClause['field'], string> = { name: 'A', extra: 'B', either: '' };

/**
 * How many of the most popular matches a query ranks by relevance. Narrow queries have fewer
 * matches and are ranked exactly; a one-letter prefix ranks its 1,000 most popular matches.
 */
const RANKED_CANDIDATES = 1000;

/**
 * The full-text index: FTS5 with prefix indexes on SQLite, a weighted tsvector with GIN on
 * PostgreSQL. Terms arrive already folded and reduced to letters and digits (searchTerms).
 */
export function createSearchIndexRepository(db: Db, dialect: Dialect) {
  /** SQLite: forgets where these documents were, in the index and in its key table. */
  async function removeRanked(kind: SearchKind, refIds: number[]): Promise<void> {
    for (let i = 0; i < refIds.length; i += 500) {
      const batch = refIds.slice(i, i + 500);
      const keys = await db
        .selectFrom('search_index_keys')
        .select('row_id')
        .where('kind', '=', kind)
        .where('ref_id', 'in', batch)
        .execute();
      if (!keys.length) continue;
      const rowids = keys.map((k) => k.row_id);
      await db.deleteFrom(kindTable(kind)).where('rowid', 'in', rowids).execute();
      await db
        .deleteFrom('search_index_keys')
        .where('kind', '=', kind)
        .where('ref_id', 'in', batch)
        .execute();
    }
  }

  return {
    async upsert(documents: SearchDocument[]): Promise<void> {
      for (let i = 0; i < documents.length; i += 500) {
        const batch = documents.slice(i, i + 500);
        const rows = batch.map((d) => ({
          rowid:
            dialect === 'postgres'
              ? keyOf(d.kind, d.refId)
              : rankedRowidOf(d.kind, d.refId, d.boost),
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
          continue;
        }
        // FTS5 tables have no upsert, and a document's rowid moves with its popularity:
        // remove each one where it was, then insert it where it now belongs.
        for (const kind of SEARCH_KINDS) {
          const ofKind = rows.filter((row) => row.kind === kind);
          if (!ofKind.length) continue;
          await removeRanked(
            kind,
            ofKind.map((row) => row.ref_id),
          );
          await db.insertInto(kindTable(kind)).values(ofKind).execute();
        }
        await db
          .insertInto('search_index_keys')
          .values(rows.map((r) => ({ kind: r.kind, ref_id: r.ref_id, row_id: r.rowid })))
          .execute();
      }
    },

    async remove(kind: SearchKind, refIds: number[]): Promise<void> {
      if (!refIds.length) return;
      if (dialect !== 'postgres') return removeRanked(kind, refIds);
      await db
        .deleteFrom('search_index')
        .where(
          'rowid',
          'in',
          refIds.map((id) => keyOf(kind, id)),
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
      // Within the kind's table the most popular matches come first, and only those are scored.
      const match = `{name extra}:(${terms.map((term) => `"${term}"*`).join(' AND ')})`;
      const first = rankedRowidOf(kind, 0, Infinity);
      const table = sql.table(kindTable(kind));
      const rows = await sql<{ ref_id: number }>`
        select ref_id from (
          select
            rowid % ${sql.lit(RANKED_BUCKET_SPAN)} as ref_id,
            (${sql.lit(LAST_BUCKET)} - (rowid - ${sql.lit(first)}) / ${sql.lit(RANKED_BUCKET_SPAN)})
              * 1.0 / ${sql.lit(BOOST_STEPS)} as boost,
            bm25(${table}, 0.0, 0.0, 0.0, 10.0, 2.0) as score
          from ${table}
          where ${table} match ${match}
          order by rowid
          limit ${RANKED_CANDIDATES}
        )
        order by score * (1.0 + boost), ref_id
        limit ${page.limit} offset ${page.offset}`.execute(db);
      return rows.rows.map((r) => Number(r.ref_id));
    },

    /**
     * Every id of one kind matching all the clauses, the most popular first, then by id: the
     * whole set, unranked, so a caller can count the matches it may show (Subsonic's v1
     * search answers their total) and page through them in a stable order.
     */
    async allMatches(kind: SearchKind, clauses: SearchClause[]): Promise<number[]> {
      const parts = clauses.filter((clause) => clause.terms.length);
      if (!parts.length) return [];
      if (dialect === 'postgres') {
        const tsquery = parts
          .flatMap((clause) => clause.terms.map((term) => `${term}:*${TS_WEIGHTS[clause.field]}`))
          .join(' & ');
        const rows = await sql<{ ref_id: number }>`
          select ref_id from search_index
          where kind = ${kind} and document @@ to_tsquery('simple', ${tsquery})
          order by boost desc, ref_id`.execute(db);
        return rows.rows.map((r) => Number(r.ref_id));
      }
      // Rowids run from the most popular down (rankedRowidOf), so rowid order is that order.
      const match = parts
        .map(
          (clause) =>
            `{${FTS_COLUMNS[clause.field]}}:(${clause.terms.map((term) => `"${term}"*`).join(' AND ')})`,
        )
        .join(' AND ');
      const table = sql.table(kindTable(kind));
      const rows = await sql<{ ref_id: number }>`
        select rowid % ${sql.lit(RANKED_BUCKET_SPAN)} as ref_id from ${table}
        where ${table} match ${match}
        order by rowid`.execute(db);
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
        .where((eb) => {
          const name = sql`lower(name)`;
          // What the user typed is text, never a pattern: `%` and `_` match themselves.
          return eb.or(
            [first, raw].flatMap((text) => [
              startsWith(name, text),
              hasWordStartingWith(name, text),
            ]),
          );
        })
        .where('banned_at', 'is', null)
        .orderBy('name')
        .limit(limit)
        .execute();
    },
  };
}

export type SearchIndexRepository = ReturnType<typeof createSearchIndexRepository>;
