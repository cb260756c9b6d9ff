/** A non-2xx answer from the API, with its JSON body (DESIGN §4 error shape). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      message?: string;
      errors?: Record<string, string[] | string>;
      action?: { label: string; action: string };
      ignitionTrace?: boolean;
    } & Record<string, unknown>,
  ) {
    super(body.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

const DEFAULT_ERROR = 'There was an issue. Please try again.';

/**
 * Spec §8: the message from the body, or the first entry for a named field, else the
 * default line. Callers translate the result.
 */
export function errorMessage(error: unknown, field?: string): string {
  if (error instanceof ApiError) {
    if (field) {
      const entry = error.body.errors?.[field];
      const first = Array.isArray(entry) ? entry[0] : entry;
      if (first) return first;
    }
    if (error.body.message && error.status < 500) return error.body.message;
    if (error.body.message && !error.body.ignitionTrace) return error.body.message;
  }
  return DEFAULT_ERROR;
}

export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.body.errors) return {};
  const result: Record<string, string> = {};
  for (const [field, value] of Object.entries(error.body.errors)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first) result[field] = first;
  }
  return result;
}
