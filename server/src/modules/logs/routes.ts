import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { hasPermission } from '@backbeat/common';
import { forbidden, notFound, unauthenticated } from '../../http/http-error.ts';
import { downloadLatestErrorLog } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';

export const logsRoutes: RoutesPlugin = async (app) => {
  // The spec names this path with its prefix already (DESIGN §4). In debug mode the error
  // dialog offers it to whoever saw the error, as the trace itself is already shown to them;
  // otherwise only holders of logs.view may read the log.
  registerEndpoint(app, downloadLatestErrorLog, async (request, reply) => {
    if (!app.services.config.debug) {
      if (!request.user) throw unauthenticated();
      if (!hasPermission({ user: request.user, guestPermissions: [] }, 'logs.view'))
        throw forbidden();
    }
    const file = await app.services.fileLogs.latest('error');
    if (!file) throw notFound('There are no errors in the log.');
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${basename(file)}"`)
      .send(createReadStream(file));
  });
};
