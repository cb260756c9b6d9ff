import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';
import { inIds } from '../db/id-list.ts';
import { escapeLike, like } from '../db/like.ts';
import { pageWindow } from '../lib/pagination.ts';

/*
 * The SQL of every resource (server/src/resources/define-resource.ts), for any table with an
 * integer `id`. Table and column names come from the resource's declaration in code, never
 * from a request: sorting is by a column the contract allow-lists, and text is bound.
 */

export type ResourceRow = { id: number } & Record<string, unknown>;
/** The database as a resource sees it: tables by name, rows of named columns. */
export type ResourceDatabase = Record<string, ResourceRow>;
export type ResourceExpressions = ExpressionBuilder<ResourceDatabase, string>;
/** A column filter's condition, e.g. `(eb) => eb('image', 'is not', null)`. */
export type ResourceCondition = (eb: ResourceExpressions) => Expression<SqlBool>;

export interface ResourceListRequest {
  page: number;
  perPage: number;
  sort: { column: string; order: 'asc' | 'desc' };
  /** Text to find in any of `searchColumns`, taken literally (wildcards escaped). */
  query?: string;
  searchColumns: readonly string[];
  conditions: ResourceCondition[];
}

export type ResourceRepository = ReturnType<typeof createResourceRepository>;

export function createResourceRepository(
  database: DatabaseHandle,
  table: string,
  /** The columns a row shows; all when not given (never a password hash: name them). */
  columns?: readonly string[],
) {
  // Kysely's types know the app's tables; a resource names its table at run time.
  const db = database.db as unknown as Kysely<ResourceDatabase>;
  const { dialect } = database;

  function filtered(request: Pick<ResourceListRequest, 'query' | 'searchColumns' | 'conditions'>) {
    let query = db.selectFrom(table);
    const text = request.query?.trim().toLowerCase();
    if (text && request.searchColumns.length) {
      const pattern = `%${escapeLike(text)}%`;
      query = query.where((eb) =>
        eb.or(request.searchColumns.map((column) => like(sql`lower(${sql.ref(column)})`, pattern))),
      );
    }
    for (const condition of request.conditions) query = query.where(condition);
    return query;
  }

  type Unselected = ReturnType<typeof filtered>;
  /** The row's columns: the named ones, or all. */
  const select = (query: Unselected) =>
    columns
      ? (query.select(columns.map((column) => sql.ref(column).as(column))) as unknown as ReturnType<
          Unselected['selectAll']
        >)
      : query.selectAll();

  return {
    async list(request: ResourceListRequest): Promise<{ rows: ResourceRow[]; total: number }> {
      const { limit, offset } = pageWindow(request.page, request.perPage);
      const [rows, count] = await Promise.all([
        select(filtered(request))
          .orderBy(sql.ref(request.sort.column), request.sort.order)
          // Rows that tie keep one order, so pages neither repeat nor skip a row.
          .orderBy('id', request.sort.order)
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered(request)
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirst(),
      ]);
      return { rows: rows as ResourceRow[], total: Number(count?.total ?? 0) };
    },

    async find(id: number): Promise<ResourceRow | undefined> {
      return (await select(filtered({ searchColumns: [], conditions: [] }))
        .where('id', '=', id)
        .executeTakeFirst()) as ResourceRow | undefined;
    },

    /** Whether another row already holds `value` in `column`. */
    async taken(column: string, value: unknown, exceptId?: number): Promise<boolean> {
      let query = db.selectFrom(table).select('id').where(sql.ref(column), '=', value);
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insert(values: Record<string, unknown>): Promise<number> {
      const row = await db
        .insertInto(table)
        .values(values as ResourceRow)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async update(id: number, values: Record<string, unknown>): Promise<void> {
      if (!Object.keys(values).length) return;
      await db.updateTable(table).set(values).where('id', '=', id).execute();
    },

    async existingIds(ids: readonly number[]): Promise<number[]> {
      const rows = await db
        .selectFrom(table)
        .select('id')
        .where(inIds(dialect, 'id', ids))
        .execute();
      return rows.map((row) => Number(row.id));
    },

    async deleteMany(ids: readonly number[]): Promise<number> {
      const result = await db
        .deleteFrom(table)
        .where(inIds(dialect, 'id', ids))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
