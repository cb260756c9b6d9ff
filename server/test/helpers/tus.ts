import { XSRF_HEADER } from '@backbeat/common';
import type { FastifyInstance } from 'fastify';
import * as tus from 'tus-js-client';
import { SESSION_COOKIE } from '../../src/http/session.ts';
import type { Browser } from './client.ts';

/** The app on a real port, since tus-js-client speaks HTTP. */
export async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** What a signed-in browser sends with every tus request: its cookie and the XSRF token. */
export function sessionHeaders(browser: Browser): Record<string, string> {
  return {
    cookie: `${SESSION_COOKIE}=${browser.sessionCookie ?? ''}`,
    [XSRF_HEADER]: browser.xsrfToken ?? '',
  };
}

export interface TusRun {
  url: string;
  id: string;
}

/**
 * Runs a tus-js-client upload as the web app configures it (PATCH tunnelled as POST with
 * X-HTTP-Method-Override); resolves with its URL, or rejects with the server's answer.
 */
export function runTusUpload(
  base: string,
  browser: Browser,
  bytes: Buffer,
  options: Partial<tus.UploadOptions> & { stopAfterFirstChunk?: boolean } = {},
): Promise<TusRun & { stopped: boolean }> {
  const { stopAfterFirstChunk, ...rest } = options;
  return new Promise((resolve, reject) => {
    const upload: tus.Upload = new tus.Upload(bytes, {
      endpoint: `${base}/api/v1/tus/upload`,
      headers: sessionHeaders(browser),
      overridePatchMethod: true,
      retryDelays: null,
      chunkSize: 64 * 1024,
      storeFingerprintForResuming: false,
      metadata: { name: 'song.mp3', clientName: 'song.mp3', clientExtension: 'mp3' },
      ...rest,
      onChunkComplete: () => {
        if (!stopAfterFirstChunk) return;
        // A lost connection: the client stops; the upload stays on the server.
        void upload.abort(false).then(() => resolve(describe(upload, true)));
      },
      onSuccess: () => resolve(describe(upload, false)),
      onError: (error) => reject(error),
    });
    upload.start();
  });
}

function describe(upload: tus.Upload, stopped: boolean) {
  const url = upload.url ?? '';
  return { url, id: url.split('/').pop() ?? '', stopped };
}

export function tusStatusOf(error: unknown): number | undefined {
  return (error as tus.DetailedError).originalResponse?.getStatus();
}
