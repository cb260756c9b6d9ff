import { createAppPassword, listAppPasswords, revokeAppPassword } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';

/** The account settings side of Subsonic apps: listing, generating and revoking app passwords. */
export const appPasswordRoutes: RoutesPlugin = async (app) => {
  const { appPasswords } = app.services.subsonic;

  registerEndpoint(app, listAppPasswords, async (request) => ({
    appPasswords: await appPasswords.list(request.user!.id),
  }));

  registerEndpoint(app, createAppPassword, (request) =>
    appPasswords.create(request.user!.id, request.body.name),
  );

  registerEndpoint(app, revokeAppPassword, async (request) => {
    await appPasswords.revoke(request.user!.id, request.params.id);
    return { revoked: true as const };
  });
};
