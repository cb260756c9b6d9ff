import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { InvalidInputError } from '../lib/invalid-input.ts';
import { DomainError, type DomainErrorKind } from '../lib/domain-errors.ts';
import type { FileLogs } from '../logging/file-logs.ts';
import { buildIgnitionTrace } from './error-trace.ts';
import { HttpError } from './http-error.ts';
import { sourceMappedStack } from './source-mapped-stack.ts';

const GENERIC_SERVER_MESSAGE = 'There was an issue. Please try again.';

/** Client errors raised by Fastify itself, with messages a person can act on. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but says it is JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The content length does not match the body.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not a multipart upload.',
  FST_ERR_BAD_URL: 'The address is not validly encoded.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long.',
};

/**
 * Fastify's `frameworkErrors`: a path the router cannot read (badly encoded: 400; a segment
 * past the router's length limit: 414) is answered in the one error shape, not Fastify's own.
 */
export function answerUnroutableRequest(
  error: FastifyError,
  _request: unknown,
  reply: FastifyReply,
) {
  const status = error.statusCode ?? 400;
  void reply.code(status).send({ message: FRAMEWORK_MESSAGES[error.code] ?? error.message });
}

/** Where each kind of service error lands in HTTP (DESIGN §4). */
const DOMAIN_STATUS: Record<DomainErrorKind, number> = {
  unauthenticated: 401,
  forbidden: 403,
  quota_reached: 403,
  not_found: 404,
  conflict: 409,
  invalid: 422,
  confirmation_required: 423,
  too_many_attempts: 429,
};

function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || (context === 'querystring' ? 'query' : 'body');
}

export function registerErrorHandling(
  app: FastifyInstance,
  options: { debug: boolean; projectRoot: string; fileLogs: FileLogs },
): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath ?? '', error.validationContext);
        (errors[field] ??= []).push(issue.message ?? 'This value is invalid.');
      }
      const message = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return reply.code(422).send({ message, errors });
    }
    if (error instanceof InvalidInputError) {
      return reply.code(422).send({ message: error.message, errors: error.errors });
    }
    if (error instanceof HttpError || error instanceof DomainError) {
      const status = error instanceof DomainError ? DOMAIN_STATUS[error.kind] : error.statusCode;
      return reply.code(status).send({
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.action ? { action: error.action } : {}),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FRAMEWORK_MESSAGES[error.code] ?? error.message;
      return reply.code(status).send({ message });
    }

    request.log.error({ err: error }, 'request failed');
    await options.fileLogs
      .write('error', {
        level: 'error',
        message: error.message,
        exception: error.name,
        method: request.method,
        url: request.url,
        stack: sourceMappedStack(error.stack ?? ''),
      })
      .catch((e: unknown) => request.log.error({ err: e }, 'could not write the error log'));

    if (!options.debug) return reply.code(500).send({ message: GENERIC_SERVER_MESSAGE });
    return reply.code(500).send(buildIgnitionTrace(error, options.projectRoot));
  });
}
