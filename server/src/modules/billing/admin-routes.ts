import type { FastifyRequest } from 'fastify';
import { hasPermission, PERMISSIONS } from '@backbeat/common';
import {
  cancelAdminSubscription,
  plansResource,
  resumeAdminSubscription,
  subscriptionsResource,
} from '@backbeat/common/billing/contract';
import { registerEndpoint } from '../../http/endpoint.ts';
import { forbidden, unauthenticated } from '../../http/http-error.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { viaProvider } from './routes.ts';

/**
 * Every admin screen also needs admin.access (spec 2 §6). Checked with the route's own
 * permission before the body is validated, so an outsider learns nothing from a 422.
 */
async function requireAdminAccess(request: FastifyRequest) {
  const viewer = { user: request.user, guestPermissions: [] };
  const own = request.routeOptions.config.access;
  const needed = [
    PERMISSIONS.adminAccess,
    ...(own && own !== 'public' && own !== 'auth' ? [own] : []),
  ];
  if (needed.every((name) => hasPermission(viewer, name))) return;
  throw request.user ? forbidden() : unauthenticated();
}

/**
 * Admin plans (plans.update) and subscriptions (subscriptions.update): the five contracts of
 * each resource, answered by the billing services (a plan is a product with its prices, so
 * not one table row), plus cancel and resume of a subscription.
 */
export const billingAdminRoutes: RoutesPlugin = async (app) => {
  const { plans, billing } = app.services;
  const admin = { preValidation: requireAdminAccess };

  registerEndpoint(
    app,
    plansResource.list,
    async (request) => ({
      pagination: await plans.page({
        page: request.query.page,
        perPage: request.query.perPage,
        sort: {
          column: request.query.sort ?? plansResource.defaultSort.column,
          order:
            request.query.order ?? (request.query.sort ? 'asc' : plansResource.defaultSort.order),
        },
        query: request.query.query,
        hidden: request.query.hidden,
      }),
    }),
    admin,
  );
  registerEndpoint(
    app,
    plansResource.show,
    async (request) => ({ plan: await plans.found(request.params.id) }),
    admin,
  );
  registerEndpoint(
    app,
    plansResource.create,
    async (request) => ({ plan: await viaProvider(() => plans.create(request.body)) }),
    admin,
  );
  registerEndpoint(
    app,
    plansResource.update,
    async (request) => ({
      plan: await viaProvider(() => plans.update(request.params.id, request.body)),
    }),
    admin,
  );
  registerEndpoint(
    app,
    plansResource.deleteMany,
    async (request) => ({ deleted: await plans.deleteMany(request.params.id) }),
    admin,
  );

  registerEndpoint(
    app,
    subscriptionsResource.list,
    async (request) => ({
      pagination: await billing.page({
        page: request.query.page,
        perPage: request.query.perPage,
        sort: {
          column: request.query.sort ?? subscriptionsResource.defaultSort.column,
          order:
            request.query.order ??
            (request.query.sort ? 'asc' : subscriptionsResource.defaultSort.order),
        },
        query: request.query.query,
        status: request.query.status,
        gateway: request.query.gateway,
        now: new Date().toISOString(),
      }),
    }),
    admin,
  );
  registerEndpoint(
    app,
    subscriptionsResource.show,
    async (request) => ({ subscription: await billing.show(request.params.id) }),
    admin,
  );
  registerEndpoint(
    app,
    subscriptionsResource.create,
    async (request) => ({ subscription: await billing.grant(request.body) }),
    admin,
  );
  registerEndpoint(
    app,
    subscriptionsResource.update,
    async (request) => ({
      subscription: await viaProvider(() => billing.update(request.params.id, request.body)),
    }),
    admin,
  );
  registerEndpoint(
    app,
    subscriptionsResource.deleteMany,
    async (request) => ({ deleted: await billing.deleteMany(request.params.id) }),
    admin,
  );
  registerEndpoint(
    app,
    cancelAdminSubscription,
    async (request) => ({
      subscription: await viaProvider(() =>
        billing.adminCancel(request.params.id, request.body.at_once ?? false),
      ),
    }),
    admin,
  );
  registerEndpoint(
    app,
    resumeAdminSubscription,
    async (request) => ({
      subscription: await viaProvider(() => billing.adminResume(request.params.id)),
    }),
    admin,
  );
};
