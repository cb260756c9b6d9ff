/**
 * Input that breaks a rule checked outside a route's schema (an upload's content or size),
 * with messages per field. Code below HTTP throws it; http/errors.ts answers 422 with
 * `errors`, the same shape as a schema's validation failure.
 */
export class InvalidInputError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super(Object.values(errors)[0]?.[0] ?? 'The given data was invalid.');
    this.name = 'InvalidInputError';
  }
}

export const invalidInput = (errors: Record<string, string[]>) => new InvalidInputError(errors);
