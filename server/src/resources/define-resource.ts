import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { EndpointAnswer, EndpointDefinition } from '@backbeat/common/contract';
import { hasPermission, PERMISSIONS, type PermissionName } from '@backbeat/common';
import type { ResourceFilters } from '@backbeat/common/resource';
import { registerEndpoint } from '../http/endpoint.ts';
import { forbidden, unauthenticated } from '../http/http-error.ts';
import type { RoutesPlugin } from '../http/types.ts';
import {
  createResourceRepository,
  type ResourceCondition,
  type ResourceExpressions,
} from './repository.ts';
import { createResourceService, type ResourceHooks, type ResourceListQuery } from './service.ts';

/*
 * A resource declared once, on the server (DESIGN §9): its contracts come from common/
 * (`resource(...)`), this adds where its rows live and its own rules, and registers the five
 * routes. Custom routes (an upload, insights) stand beside these in the module's routes.
 *
 *   export const genresAdminRoutes = defineResource(genresResource, {
 *     table: 'genres', search: ['name', 'display_name'], unique: ['name'],
 *     filters: { has_image: (value) => (eb) => eb('image', value === 'yes' ? 'is not' : 'is', null) },
 *     hooks: (app) => ({ toInsert, toUpdate, afterChange: () => app.services.catalogResponses.clear() }),
 *   });
 */

/** What registering needs of a `resource(...)` from common/. */
interface AnyResource {
  item: string;
  defaultSort: { column: string; order: 'asc' | 'desc' };
  filters: ResourceFilters;
  schemas: { row: z.ZodObject; create: z.ZodObject; update: z.ZodObject };
  list: EndpointDefinition;
  show: EndpointDefinition;
  create: EndpointDefinition;
  update: EndpointDefinition;
  deleteMany: EndpointDefinition;
  impact: EndpointDefinition;
  operations: readonly ('create' | 'update')[];
}

type Create<R extends AnyResource> = z.output<R['schemas']['create']>;
type Update<R extends AnyResource> = z.output<R['schemas']['update']>;

type FilterValues<R extends AnyResource> = {
  [Name in keyof R['filters']]: z.output<R['filters'][Name]>;
};

export interface ResourceOptions<R extends AnyResource> {
  /** The table the rows live in (it has an integer `id`). */
  table: string;
  /** The columns a row shows (all when not given; name them where a table holds secrets). */
  columns?: readonly string[];
  /** Columns the list's text filter looks in. */
  search: readonly string[];
  /** Columns no two rows may share (422 on the field otherwise). */
  unique?: readonly string[];
  timestamps?: readonly ('created_at' | 'updated_at')[];
  /** How each of the contract's column filters narrows the list. */
  filters: {
    [Name in keyof R['filters']]: (
      value: FilterValues<R>[Name],
    ) => (eb: ResourceExpressions) => ReturnType<ResourceCondition>;
  };
  hooks: (app: FastifyInstance) => ResourceHooks<Create<R>, Update<R>>;
}

/**
 * Every admin route needs admin.access besides its own permission (spec §6). Both are checked
 * before the input is validated, so an outsider learns nothing of a route's input (401/403,
 * never 422); the admin area's custom routes use this too (`adminOnly`).
 */
export async function requireAdminAccess(request: FastifyRequest) {
  const viewer = { user: request.user, guestPermissions: [] };
  const own = request.routeOptions.config.access;
  const ownOk = !own || own === 'public' || own === 'auth' || hasPermission(viewer, own);
  if (hasPermission(viewer, PERMISSIONS.adminAccess) && ownOk) return;
  throw request.user ? forbidden() : unauthenticated();
}

/**
 * The hook options of an admin route: admin.access and the route's own permission, plus
 * `permission` when the route's contract names a looser one.
 */
export function adminOnly(permission?: PermissionName) {
  return {
    preValidation: async (request: FastifyRequest) => {
      await requireAdminAccess(request);
      if (permission && !hasPermission({ user: request.user, guestPermissions: [] }, permission)) {
        throw forbidden();
      }
    },
  };
}

export function defineResource<R extends AnyResource>(
  contracts: R,
  options: ResourceOptions<R>,
): RoutesPlugin {
  return async (app) => {
    const filterNames = Object.keys(contracts.filters) as (keyof R['filters'] & string)[];
    const service = createResourceService({
      repository: createResourceRepository(app.services.database, options.table, options.columns),
      searchColumns: options.search,
      defaultSort: contracts.defaultSort,
      unique: options.unique ?? [],
      timestamps: options.timestamps ?? ['created_at'],
      conditionsOf: (query) =>
        filterNames
          .filter((name) => query[name] !== undefined)
          .map((name) => options.filters[name](query[name] as never)),
      hooks: options.hooks(app),
    });
    const admin = adminOnly();
    type Answer<E extends EndpointDefinition> = EndpointAnswer<E>;
    const idOf = (request: { params: unknown }) => (request.params as { id: number }).id;
    const wrap = (row: unknown) => ({ [contracts.item]: row });

    registerEndpoint(
      app,
      contracts.list,
      async (request) =>
        ({
          pagination: await service.list(request.query as unknown as ResourceListQuery),
        }) as Answer<R['list']>,
      admin,
    );
    registerEndpoint(
      app,
      contracts.show,
      async (request) => wrap(await service.show(idOf(request))) as Answer<R['show']>,
      admin,
    );
    if (contracts.operations.includes('create')) {
      registerEndpoint(
        app,
        contracts.create,
        async (request) =>
          wrap(await service.create(request.body as Create<R>, request.user!)) as Answer<
            R['create']
          >,
        admin,
      );
    }
    if (contracts.operations.includes('update')) {
      registerEndpoint(
        app,
        contracts.update,
        async (request) =>
          wrap(
            await service.update(idOf(request), request.body as Update<R>, request.user!),
          ) as Answer<R['update']>,
        admin,
      );
    }
    registerEndpoint(
      app,
      contracts.deleteMany,
      async (request) => ({
        deleted: await service.deleteMany((request.params as { id: number[] }).id, request.user!),
      }),
      admin,
    );
    registerEndpoint(
      app,
      contracts.impact,
      async (request) => ({
        impact: await service.impact((request.params as { id: number[] }).id),
      }),
      admin,
    );
  };
}
