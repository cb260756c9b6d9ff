import type { User } from '@backbeat/common';
import { nowIso } from '../db/database.ts';
import { notFound, validationFailed } from '../lib/domain-errors.ts';
import type { ResourceCondition, ResourceRepository, ResourceRow } from './repository.ts';

/*
 * The rules every resource shares (issue 12 "one resource pattern"): a list in the spec's
 * pagination shape, 404 for an id that is not there (a delete names only existing rows, or
 * deletes none), 422 for a value a unique column already holds. A resource adds its own
 * rules through hooks (a slug, a default, a cache to forget).
 */

type MaybePromise<T> = T | Promise<T>;

export interface ResourceHooks<Create, Update> {
  /** The columns to insert for a new row (defaults, normalised values). */
  toInsert?(input: Create): MaybePromise<Record<string, unknown>>;
  /** Creates the row another way (a service that hashes a password) and answers its id. */
  insert?(input: Create): Promise<number>;
  /** The columns to change; `existing` is the row as it is now. */
  toUpdate?(input: Update, existing: ResourceRow): MaybePromise<Record<string, unknown>>;
  /** Changes the row another way (through the service that owns the table). */
  update?(id: number, input: Update, existing: ResourceRow): Promise<void>;
  /**
   * Rules a write must pass before anything is written (the last admin keeps the admin role);
   * `id` is null for a new row; `actor` is the admin making the change (what they may grant).
   */
  validate?(id: number | null, input: Create | Update, actor: User): Promise<void>;
  /** Writes beside the row's own columns (its roles, its permissions, its items). */
  afterSave?(id: number, input: Create | Update, kind: 'create' | 'update'): Promise<void>;
  /** Adds what a row shows from elsewhere (an owner's name, a count), for a page of rows. */
  present?(rows: ResourceRow[], mode: 'list' | 'show'): Promise<ResourceRow[]>;
  /** Deletes through the service that owns the rows (files, dependents, rules); answers the count. */
  delete?(ids: number[], actor: User): Promise<number>;
  /** What else goes with these rows, for the confirmation (`{ what: ':count tracks', count }`). */
  impact?(ids: number[]): Promise<{ what: string; count: number }[]>;
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

  async function existing(id: number): Promise<ResourceRow> {
    const row = await repo.find(id);
    if (!row) throw notFound();
    return row;
  }

  async function found(id: number): Promise<ResourceRow> {
    const row = await existing(id);
    return hooks.present ? (await hooks.present([row], 'show'))[0]! : row;
  }

  async function allExist(ids: readonly number[]): Promise<number[]> {
    const wanted = [...new Set(ids)];
    const there = await repo.existingIds(wanted);
    if (there.length !== wanted.length) throw notFound();
    return wanted;
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
        data: hooks.present && rows.length ? await hooks.present(rows, 'list') : rows,
        current_page: query.page,
        per_page: query.perPage,
        total,
        last_page: Math.max(1, Math.ceil(total / query.perPage)),
        from,
        to: from === null ? null : from + rows.length - 1,
      };
    },

    show: found,

    async create(input: Create, actor: User): Promise<ResourceRow> {
      await hooks.validate?.(null, input, actor);
      let id: number;
      if (hooks.insert) {
        id = await guardUnique(() => hooks.insert!(input));
      } else {
        const values = { ...(await hooks.toInsert?.(input)), ...stamp('create') };
        await assertUnique(values);
        id = await guardUnique(() => repo.insert(values));
      }
      await hooks.afterSave?.(id, input, 'create');
      await hooks.afterChange?.({ kind: 'create', ids: [id] });
      return found(id);
    },

    async update(id: number, input: Update, actor: User): Promise<ResourceRow> {
      const row = await existing(id);
      await hooks.validate?.(id, input, actor);
      if (hooks.update) {
        await guardUnique(() => hooks.update!(id, input, row));
      } else {
        const changes = (await hooks.toUpdate?.(input, row)) ?? {};
        await assertUnique(changes, id);
        if (Object.keys(changes).length) {
          await guardUnique(() => repo.update(id, { ...changes, ...stamp('update') }));
        }
      }
      await hooks.afterSave?.(id, input, 'update');
      await hooks.afterChange?.({ kind: 'update', ids: [id] });
      return found(id);
    },

    /** Deletes every named row, or none when one of them is not there (404). */
    async deleteMany(ids: readonly number[], actor: User): Promise<number> {
      const wanted = await allExist(ids);
      const deleted = hooks.delete
        ? await hooks.delete(wanted, actor)
        : await repo.deleteMany(wanted);
      await hooks.afterChange?.({ kind: 'delete', ids: wanted });
      return deleted;
    },

    /** What else goes with these rows (404 when one of them is not there). */
    async impact(ids: readonly number[]) {
      const wanted = await allExist(ids);
      return hooks.impact ? hooks.impact(wanted) : [];
    },
  };
}
