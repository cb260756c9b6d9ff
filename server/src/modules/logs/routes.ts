import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { notFound } from '../../http/http-error.ts';
import type { RoutesPlugin } from '../../http/types.ts';

export const logsRoutes: RoutesPlugin = async (app) => {
  // The spec names this path with its prefix already (DESIGN §4).
  app.get(
    '/api/v1/logs/error/download-latest',
    { config: { access: 'logs.view' } },
    async (_request, reply) => {
      const file = await app.services.fileLogs.latest('error');
      if (!file) throw notFound('There are no errors in the log.');
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${basename(file)}"`)
        .send(createReadStream(file));
    },
  );
};
