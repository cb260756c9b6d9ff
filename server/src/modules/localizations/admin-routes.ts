import { localizationsResource } from '@backbeat/common/admin/site';
import { getLocalizationLines, updateLocalizationLines } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { adminOnly, defineResource } from '../../resources/define-resource.ts';

/** Admin localizations (localizations.update): list, add, rename, delete; translate. */
const localizationsResourceRoutes = defineResource(localizationsResource, {
  table: 'localizations',
  search: ['name', 'language'],
  unique: ['language'],
  timestamps: ['created_at', 'updated_at'],
  filters: {},
  hooks: (app) => ({
    toInsert: (input) => ({ name: input.name, language: input.language, lines: '{}' }),
    toUpdate: (input) => (input.name !== undefined ? { name: input.name } : {}),
    afterChange: () => app.services.localizationsAdmin.changed(),
  }),
});

export const localizationsAdminRoutes: RoutesPlugin = async (app) => {
  const admin = adminOnly('localizations.update');
  const { localizationsAdmin } = app.services;
  await app.register(localizationsResourceRoutes);
  registerEndpoint(
    app,
    getLocalizationLines,
    (request) => localizationsAdmin.lines(request.params.id),
    admin,
  );
  registerEndpoint(
    app,
    updateLocalizationLines,
    (request) => localizationsAdmin.saveLines(request.params.id, request.body.lines),
    admin,
  );
};
