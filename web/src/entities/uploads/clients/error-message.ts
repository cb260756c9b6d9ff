import { ApiError } from '../../../lib/api-error.ts';
import { UploadFailure } from './types.ts';

const GENERIC = 'There was an issue. Please try again.';

/** The first message of an error body: a field's error (the file's, first), else `message`. */
function messageOfBody(body: { message?: unknown; errors?: unknown } | null): string | null {
  if (!body) return null;
  if (body.errors && typeof body.errors === 'object') {
    const errors = body.errors as Record<string, unknown>;
    const ordered = ['file', ...Object.keys(errors).filter((key) => key !== 'file')];
    for (const key of ordered) {
      const value = errors[key];
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string' && first) return first;
    }
  }
  return typeof body.message === 'string' && body.message ? body.message : null;
}

/** The body of a non-JSON or JSON answer, as the server's words. */
export function messageOfText(text: string): string | null {
  if (!text) return null;
  try {
    return messageOfBody(JSON.parse(text) as { message?: unknown; errors?: unknown });
  } catch {
    return text.length <= 200 && !text.trimStart().startsWith('<') ? text.trim() : null;
  }
}

/** Spec 2 §8: a failed upload shows the backend's message, or the generic line. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof UploadFailure) return error.message;
  if (error instanceof ApiError) {
    if (error.status >= 500 && !error.body.message) return GENERIC;
    return messageOfBody(error.body) ?? GENERIC;
  }
  return GENERIC;
}
