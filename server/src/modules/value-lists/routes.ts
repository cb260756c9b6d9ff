import { getValueLists } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { createValueListsService } from './service.ts';

export const valueListsRoutes: RoutesPlugin = async (app) => {
  const lists = createValueListsService(app.services.localizations);
  registerEndpoint(app, getValueLists, (request) => lists.get(request.params.names));
};
