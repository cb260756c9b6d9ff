import { createAccessToken, deleteAccessToken, listAccessTokens } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { requireConfirmedPassword } from '../auth/session-login.ts';

export const accessTokensRoutes: RoutesPlugin = async (app) => {
  const { accessTokens } = app.services;

  registerEndpoint(app, listAccessTokens, async (request) => ({
    tokens: await accessTokens.list(request.user!.id),
  }));

  registerEndpoint(app, createAccessToken, async (request) => {
    await requireConfirmedPassword(request);
    return accessTokens.create(request.user!.id, request.body.tokenName);
  });

  registerEndpoint(app, deleteAccessToken, async (request) => {
    await accessTokens.delete(request.user!.id, request.params.id);
    return { message: 'Token deleted' };
  });
};
