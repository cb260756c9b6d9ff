/** An error whose status and message are meant for the client (DESIGN §4). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly action?: { label: string; action: string },
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unauthenticated = () => new HttpError(401, 'You need to log in to do that.');
export const forbidden = (message = "You don't have permission to do that.") =>
  new HttpError(403, message);
/** Also used for "exists but not yours", so existence is not revealed. */
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const validationFailed = (errors: Record<string, string[]>) =>
  new HttpError(422, Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);
