import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { hasPermission } from '@backbeat/common';
import {
  downloadLatestErrorLog,
  downloadLog,
  listLogEntries,
  logClientError,
} from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { forbidden, notFound, unauthenticated } from '../../http/http-error.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { adminOnly } from '../../resources/define-resource.ts';
import { createLogsService } from './service.ts';

export const logsRoutes: RoutesPlugin = async (app) => {
  const logs = createLogsService(app.services.fileLogs);
  const admin = adminOnly('logs.view');
  // The admin log viewer's tabs (logs.view): schedule, error, outgoing email.
  registerEndpoint(
    app,
    listLogEntries,
    async (request) => ({ pagination: await logs.list(request.params.kind, request.query) }),
    admin,
  );
  registerEndpoint(
    app,
    downloadLog,
    async (request, reply) => {
      const file = await app.services.fileLogs.latest(request.params.kind);
      if (!file) throw notFound('This log is empty.');
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${basename(file)}"`)
        .send(createReadStream(file));
    },
    admin,
  );

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

  // Uncaught errors from the web app, from the page loads the reporter samples (spec §9
  // trace sample rate), into the error log the admin reads. Limited per address, as anyone
  // may call it.
  registerEndpoint(
    app,
    logClientError,
    async (request, reply) => {
      await app.services.fileLogs.write('error', {
        source: 'web',
        ...request.body,
        user_id: request.user?.id ?? null,
        user_agent: request.headers['user-agent']?.slice(0, 300) ?? null,
      });
      return reply.status(204).send();
    },
    { config: { rateLimit: rateLimit('client-errors', 10, 60_000) } },
  );
};
