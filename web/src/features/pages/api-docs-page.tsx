import { useEffect, useRef, useState } from 'react';
import { XSRF_COOKIE, XSRF_HEADER } from '@backbeat/common';
import { readCookie } from '../../lib/cookies.ts';
import { setPageTitle } from '../../lib/document-title.ts';
import { useTrans } from '../../lib/translator.ts';
import { Spinner } from '../../ui/spinner.tsx';

interface SwaggerRequest {
  url: string;
  method?: string;
  headers: Record<string, string>;
  credentials?: RequestCredentials;
}

/**
 * `/api-docs` (api.access, no login needed): the OpenAPI document the server generates from
 * the same zod contracts its routes use, rendered by Swagger UI (self-hosted from npm, loaded
 * only here). "Try it out" runs calls as the signed-in user: the session cookie goes along
 * and state-changing calls carry the XSRF header; "Authorize" takes an API token instead.
 */
export function ApiDocsPage() {
  const trans = useTrans();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => setPageTitle(trans('API documentation')), [trans]);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const [{ default: SwaggerUI }] = await Promise.all([
          import('swagger-ui-dist/swagger-ui-es-bundle.js'),
          import('swagger-ui-dist/swagger-ui.css'),
        ]);
        if (cancelled || !container.current) return;
        SwaggerUI({
          domNode: container.current,
          url: '/api-docs/openapi.json',
          deepLinking: false,
          // A box that narrows the long list by tag.
          filter: true,
          tryItOutEnabled: false,
          requestInterceptor: (request: SwaggerRequest) => {
            request.credentials = 'same-origin';
            const method = (request.method ?? 'GET').toUpperCase();
            const sameOrigin =
              new URL(request.url, window.location.href).origin === window.location.origin;
            const xsrf = readCookie(XSRF_COOKIE);
            if (sameOrigin && xsrf && !['GET', 'HEAD', 'OPTIONS'].includes(method)) {
              request.headers[XSRF_HEADER] = xsrf;
            }
            return request;
          },
          onComplete: () => !cancelled && setState('ready'),
        });
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <section aria-labelledby="api-docs-title" className="w-full px-2 py-6 md:px-6">
      <h1 id="api-docs-title" className="px-3 text-3xl font-bold">
        {trans('API documentation')}
      </h1>
      <p className="mt-2 px-3 text-sm text-fg-muted">
        {trans(
          'Calls made here run as you: with your session, or with an API token entered under Authorize.',
        )}
      </p>
      {state === 'loading' && (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
      {state === 'failed' && (
        <p role="alert" className="px-3 py-10">
          {trans('The API documentation could not be loaded.')}
        </p>
      )}
      {/* Swagger UI draws its own light page; keep it readable in the dark theme too. */}
      <div ref={container} className="api-docs mt-4 rounded-xl bg-white text-black" />
    </section>
  );
}
