import { z } from 'zod';
import { VALUE_LISTS } from '@backbeat/common';
import { typed, type RoutesPlugin } from '../../http/types.ts';
import { createValueListsService } from './service.ts';

const params = z.object({
  names: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(VALUE_LISTS, { error: `Lists are ${VALUE_LISTS.join(', ')}.` })).min(1)),
});

export const valueListsRoutes: RoutesPlugin = async (app) => {
  const lists = createValueListsService(app.services.localizations);
  typed(app).get(
    '/api/v1/value-lists/:names',
    { schema: { params }, config: { access: 'public' } },
    async (request) => lists.get(request.params.names),
  );
};
