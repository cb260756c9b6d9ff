import { nowIso } from '../db/database.ts';
import { notFound, validationFailed } from '../lib/domain-errors.ts';
import type { ResourceCondition, ResourceRepository, ResourceRow } from './repository.ts';

/*
 * The rules every resource shares (issue 12 "one resource pattern"): a list in the spec's
 * pagination shape, 404 for an id that is not there (a delete names only existing rows, or
 * deletes none), 422 for a value a unique column already holds. A resource adds its own
 * rules through hooks (a slug, a default, a cache to forget).
 */

export interface ResourceHooks<Create, Update> {
  /** The columns to insert for a new row (defaults, normalised values). */
  toInsert(input: Create): Record<string, unknown>;
  /** The columns to change; `existing` is the row as it is now. */
  toUpdate(input: Update, existing: ResourceRow): Record<string, unknown>;
  /** After any create, update or delete: forget caches, update a search index. */
  afterChange?(change: { kind: 'create' | 'update' | 'delete'; ids: number[] }): unknown;
}

export interface ResourceServiceOptions<Create, Update> {
  repository: ResourceRepository;
  searchColumns: readonly string[];
  defaultSort: { column: string; order: 'asc' | 'desc' };
  /** Columns no two rows may share, with the field name an error lands on. */
  unique: readonly string[];
  /** Timestamp columns the table has: `created_at` is set on insert, `updated_at` on every write. */
  timestamps: readonly ('created_at' | 'updated_at')[];
  /** Turns the list query's filter values into conditions (only filters that are set). */
  conditionsOf(query: Record<string, unknown>): ResourceCondition[];
  hooks: ResourceHooks<Create, Update>;
}

export interface ResourceListQuery {
  page: number;
  perPage: number;
  sort?: string;
  order?: 'asc' | 'desc';
  query?: string;
  [filter: string]: unknown;
}

export type ResourceService<Create, Update> = ReturnType<
  typeof createResourceService<Create, Update>
>;

export function createResourceService<Create, Update>(
  options: ResourceServiceOptions<Create, Update>,
) {
  const { repository: repo, hooks } = options;

  async function assertUnique(values: Record<string, unknown>, exceptId?: number) {
    const errors: Record<string, string[]> = {};
    for (const column of options.unique) {
      if (values[column] === undefined) continue;
      if (await repo.taken(column, values[column], exceptId)) {
        errors[column] = [`The ${column.replaceAll('_', ' ')} has already been taken.`];
      }
    }
    if (Object.keys(errors).length) throw validationFailed(errors);
  }

  /** Two requests racing for one value: the database's unique index answers the second. */
  async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const column = options.unique[0];
      if (column && (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505')) {
        throw validationFailed({
          [column]: [`The ${column.replaceAll('_', ' ')} has already been taken.`],
        });
      }
      throw error;
    }
  }

  async function found(id: number): Promise<ResourceRow> {
    const row = await repo.find(id);
    if (!row) throw notFound();
    return row;
  }

  const stamp = (kind: 'create' | 'update') =>
    Object.fromEntries(
      options.timestamps
        .filter((column) => kind === 'create' || column === 'updated_at')
        .map((column) => [column, nowIso()]),
    );

  return {
    async list(query: ResourceListQuery) {
      const sort = query.sort
        ? { column: query.sort, order: query.order ?? 'asc' }
        : { ...options.defaultSort, order: query.order ?? options.defaultSort.order };
      const { rows, total } = await repo.list({
        page: query.page,
        perPage: query.perPage,
        sort,
        query: query.query,
        searchColumns: options.searchColumns,
        conditions: options.conditionsOf(query),
      });
      const from = rows.length ? (query.page - 1) * query.perPage + 1 : null;
      return {
        data: rows,
        current_page: query.page,
        per_page: query.perPage,
        total,
        last_page: Math.max(1, Math.ceil(total / query.perPage)),
        from,
        to: from === null ? null : from + rows.length - 1,
      };
    },

    show: found,

    async create(input: Create): Promise<ResourceRow> {
      const values = { ...hooks.toInsert(input), ...stamp('create') };
      await assertUnique(values);
      const id = await guardUnique(() => repo.insert(values));
      await hooks.afterChange?.({ kind: 'create', ids: [id] });
      return found(id);
    },

    async update(id: number, input: Update): Promise<ResourceRow> {
      const existing = await found(id);
      const changes = hooks.toUpdate(input, existing);
      await assertUnique(changes, id);
      if (Object.keys(changes).length) {
        await guardUnique(() => repo.update(id, { ...changes, ...stamp('update') }));
      }
      await hooks.afterChange?.({ kind: 'update', ids: [id] });
      return found(id);
    },

    /** Deletes every named row, or none when one of them is not there (404). */
    async deleteMany(ids: readonly number[]): Promise<number> {
      const wanted = [...new Set(ids)];
      const existing = await repo.existingIds(wanted);
      if (existing.length !== wanted.length) throw notFound();
      const deleted = await repo.deleteMany(wanted);
      await hooks.afterChange?.({ kind: 'delete', ids: wanted });
      return deleted;
    },
  };
}
