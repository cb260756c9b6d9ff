import { z } from 'zod';
import { paginationOf } from './catalog/types.ts';
import { endpoint } from './contract.ts';
import type { PermissionName } from './permissions.ts';

/*
 * A resource declared once (DESIGN §9, issue 21 part C): one call yields the five contracts of
 * an admin list screen (list with page, sort, text filter and column filters; show; create;
 * update; delete many). The server registers them with `defineResource`
 * (server/src/resources/), the web renders them with `ResourceIndex` and `ResourceForm`
 * (web/src/features/admin/resources/).
 *
 *   export const genresResource = resource({
 *     name: 'genres', item: 'genre', access: { view: 'admin.access', manage: 'music.update' },
 *     schemas: { row: adminGenreSchema, create: createGenreSchema, update: updateGenreSchema },
 *     sort: ['name', 'popularity', 'created_at'], filters: { has_image: yesNo },
 *   });
 */

/** How many rows a list page may hold, and how many rows one delete may name. */
export const RESOURCE_PER_PAGE_MAX = 100;
export const RESOURCE_DELETE_MAX = 100;

const positiveInt = (what: string) =>
  z.coerce
    .number({ error: `The ${what} must be a number.` })
    .int(`The ${what} must be a whole number.`)
    .positive(`The ${what} must be a positive number.`)
    .max(2_147_483_647, `The ${what} is too large.`);

/** `1,2,3` (as the client sends several ids in a path) → `[1, 2, 3]`. */
export const idListSchema = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'The ids must be whole numbers separated by commas.')
  .transform((text) => text.split(',').map(Number))
  .pipe(
    z
      .array(z.number().int().positive('An id must be a positive number.').max(2_147_483_647))
      .max(RESOURCE_DELETE_MAX, `Name at most ${RESOURCE_DELETE_MAX} ids at once.`),
  );

/** A column filter that is on, off or not set. */
export const yesNoFilter = z.enum(['yes', 'no'], { error: 'Choose yes or no.' });

/**
 * Column filters: a zod enum (the client offers its options and the server rejects the rest)
 * or an id (`idFilter`, e.g. a role picked from a list the screen loads).
 */
export type ResourceFilters = Record<string, z.ZodType>;

/** A column filter naming a row of another table by id (a role, an owner, a track). */
export const idFilter = () => positiveInt('filter');

/** The writes a resource offers besides delete; a list of comments or files has none. */
export type ResourceOperation = 'create' | 'update';

/** What else goes when rows are deleted: `{ what: ':count tracks|…', count }`, for the confirmation. */
export const deleteImpactSchema = z.object({
  impact: z.array(z.object({ what: z.string(), count: z.number() })),
});
export type DeleteImpact = z.infer<typeof deleteImpactSchema>['impact'];

export interface ResourceDefinition<
  Row extends z.ZodObject,
  Create extends z.ZodObject,
  Update extends z.ZodObject,
  Sort extends readonly [string, ...string[]],
  Filters extends ResourceFilters,
> {
  /** The plural, as in the path: `genres` → `/api/v1/admin/genres`. */
  name: string;
  /** The key a single row is wrapped in: `{ genre: {...} }`. */
  item: string;
  /**
   * Every admin resource also needs `admin.access` (spec §6); `view` gates list and show,
   * `manage` gates create, update and delete.
   */
  access: { view: PermissionName; manage: PermissionName };
  schemas: { row: Row; create: Create; update: Update };
  /** Columns a list may be sorted by; anything else is refused with 422. */
  sort: Sort;
  /** The default order of a list. */
  defaultSort: { column: Sort[number]; order: 'asc' | 'desc' };
  filters: Filters;
  /** The writes offered besides delete (both unless said otherwise). */
  operations?: readonly ResourceOperation[];
}

/*
 * The fields every resource's contracts share, built once: zod builds each chained schema
 * step by step, and 17 resources each building their own were a fair part of the contracts'
 * cost at every start (issue 22). Zod schemas are immutable, so sharing them changes nothing.
 */
const listFields = {
  page: positiveInt('page').max(10_000, 'The page is too large.').default(1),
  perPage: positiveInt('page size')
    .max(RESOURCE_PER_PAGE_MAX, `The page size must be ${RESOURCE_PER_PAGE_MAX} or less.`)
    .default(20),
  order: z.enum(['asc', 'desc'], { error: 'The order must be asc or desc.' }).optional(),
  query: z.string().trim().max(100, 'The search text is too long.').optional(),
};
const idParamsSchema = z.object({ id: positiveInt('id') });
/**
 * The ids of a delete are one path segment named like the single row's (`/genres/:id`, `1,2,3`),
 * so the two paths are one path template in the OpenAPI document.
 */
const idListParamsSchema = z.object({
  id: idListSchema.meta({ description: 'One id, or several separated by commas (`1,2,3`).' }),
});

/** `custom-pages` → `CustomPages`, for operation ids. */
const pascalCase = (name: string) =>
  name.replace(/(^|[-_ ])(\w)/g, (_, _separator: string, letter: string) => letter.toUpperCase());

/** The query of a list: page, size, sort, order, text filter and the column filters. */
export function listQuerySchema<
  Sort extends readonly [string, ...string[]],
  Filters extends ResourceFilters,
>(sort: Sort, filters: Filters) {
  return z.object({
    page: listFields.page,
    perPage: listFields.perPage,
    sort: z.enum(sort, { error: 'This column cannot be sorted by.' }).optional(),
    order: listFields.order,
    query: listFields.query,
    ...(Object.fromEntries(
      Object.entries(filters).map(([name, schema]) => [name, schema.optional()]),
    ) as { [Name in keyof Filters]: z.ZodOptional<Filters[Name]> }),
  });
}

/** Declares a resource's five contracts from its schemas. */
export function resource<
  Row extends z.ZodObject,
  Create extends z.ZodObject,
  Update extends z.ZodObject,
  const Sort extends readonly [string, ...string[]],
  Filters extends ResourceFilters,
>(definition: ResourceDefinition<Row, Create, Update, Sort, Filters>) {
  const { name, item, access, schemas } = definition;
  const path = `/api/v1/admin/${name}`;
  const tags = [`admin: ${name}`];
  const operationId = (operation: string) => `admin${pascalCase(name)}${operation}`;
  const one = z.object({ [item]: schemas.row }) as z.ZodObject<{ [key: string]: Row }>;
  return {
    ...definition,
    operations: definition.operations ?? (['create', 'update'] as const),
    list: endpoint({
      operationId: operationId('List'),
      method: 'GET',
      path,
      access: access.view,
      summary: `A page of ${name}, sorted and filtered (needs admin.access too)`,
      tags,
      query: listQuerySchema(definition.sort, definition.filters),
      response: paginationOf(schemas.row),
    }),
    show: endpoint({
      operationId: operationId('Show'),
      method: 'GET',
      path: `${path}/:id`,
      access: access.view,
      summary: `One of the ${name} (needs admin.access too)`,
      tags,
      params: idParamsSchema,
      response: one,
    }),
    create: endpoint({
      operationId: operationId('Create'),
      method: 'POST',
      path,
      access: access.manage,
      summary: `Creates one of the ${name} (needs admin.access too)`,
      tags,
      body: schemas.create,
      response: one,
      status: 201,
    }),
    update: endpoint({
      operationId: operationId('Update'),
      method: 'PUT',
      path: `${path}/:id`,
      access: access.manage,
      summary: `Changes one of the ${name} (needs admin.access too)`,
      tags,
      params: idParamsSchema,
      body: schemas.update,
      response: one,
    }),
    deleteMany: endpoint({
      operationId: operationId('Delete'),
      method: 'DELETE',
      path: `${path}/:id`,
      access: access.manage,
      summary: `Deletes ${name} by id, all or none (comma-separated ids; needs admin.access too)`,
      tags,
      params: idListParamsSchema,
      response: z.object({ deleted: z.number() }),
    }),
    impact: endpoint({
      operationId: operationId('DeleteImpact'),
      method: 'GET',
      path: `${path}/:id/impact`,
      access: access.manage,
      summary: `What else goes when these ${name} are deleted (needs admin.access too)`,
      tags,
      params: idListParamsSchema,
      response: deleteImpactSchema,
    }),
  };
}

export type ResourceContracts = ReturnType<typeof resource>;
