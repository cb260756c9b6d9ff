import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error.ts';

export const MALFORMED_MULTIPART = 'The upload is malformed. Please choose the file again.';

/** A `boundary` parameter as RFC 2046 allows it: 1 to 70 characters, quoted or not. */
const BOUNDARY = /;\s*boundary\s*=\s*(?:"[^"]{1,70}"|[^\s;"]{1,70})\s*(?:;|$)/i;

/**
 * Checks of a request body that no route should have to repeat. A multipart body whose
 * content type names no boundary makes the multipart reader throw a plain error when a route
 * first asks for its file, which would be a 500 with a stack in the error log; it is refused
 * here, before any route sees it. (Errors found later, inside the parts, are the upload
 * helper's: `lib/image-upload.ts`.)
 */
export function registerBodyChecks(app: FastifyInstance): void {
  // Callback style: it runs for every request, and needs no promise of its own.
  app.addHook('preParsing', (request, _reply, _payload, done) => {
    const type = request.headers['content-type'];
    if (type && /^\s*multipart\//i.test(type) && !BOUNDARY.test(type)) {
      done(new HttpError(400, MALFORMED_MULTIPART));
      return;
    }
    done();
  });
}
