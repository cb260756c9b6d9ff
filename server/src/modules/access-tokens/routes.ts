import { z } from 'zod';
import { createAccessTokenSchema } from '@backbeat/common';
import { typed, type RoutesPlugin } from '../../http/types.ts';
import { requireConfirmedPassword } from '../users/password-confirmation.ts';

// Ids are 32-bit integers; a larger one would make PostgreSQL fail the query (500).
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const accessTokensRoutes: RoutesPlugin = async (app) => {
  const api = typed(app);
  const { accessTokens } = app.services;

  api.get('/api/v1/access-tokens', { config: { access: 'api.access' } }, async (request) => ({
    tokens: await accessTokens.list(request.user!.id),
  }));

  api.post(
    '/api/v1/access-tokens',
    { schema: { body: createAccessTokenSchema }, config: { access: 'api.access' } },
    async (request) => {
      await requireConfirmedPassword(request);
      return accessTokens.create(request.user!.id, request.body.tokenName);
    },
  );

  api.delete(
    '/api/v1/access-tokens/:id',
    { schema: { params: idParams }, config: { access: 'auth' } },
    async (request) => {
      await accessTokens.delete(request.user!.id, request.params.id);
      return { message: 'Token deleted' };
    },
  );
};
