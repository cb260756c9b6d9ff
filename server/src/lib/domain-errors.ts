/**
 * The one error convention of services (issue 21, DESIGN §9): a service throws what went
 * wrong in its own words, and `http/errors.ts` maps each kind to its status in one place.
 * Services never import HTTP code.
 */
export type DomainErrorKind =
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'invalid'
  | 'quota_reached'
  | 'conflict'
  | 'confirmation_required'
  | 'too_many_attempts';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Messages per input field, for `invalid`. */
    readonly errors?: Record<string, string[]>,
    /** A follow-up the client may offer (spec's error toast action). */
    readonly action?: { label: string; action: string },
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Also used for "exists but not yours", so existence is not revealed. */
export const notFound = (message = 'Not found.') => new DomainError('not_found', message);
export const forbidden = (message = "You don't have permission to do that.") =>
  new DomainError('forbidden', message);
export const unauthenticated = (message = 'You need to log in to do that.') =>
  new DomainError('unauthenticated', message);
/** A count restriction of a permission (e.g. playlists.create count) is used up. */
export const quotaReached = (message: string) => new DomainError('quota_reached', message);
/** The input is well formed but breaks a rule; `errors` names the fields. */
export const validationFailed = (errors: Record<string, string[]>) =>
  new DomainError(
    'invalid',
    Object.values(errors)[0]?.[0] ?? 'The given data was invalid.',
    errors,
  );
export const conflict = (message: string, errors?: Record<string, string[]>) =>
  new DomainError('conflict', message, errors);
/** The password must be confirmed again before this (spec: 423). */
export const confirmationRequired = (message = 'Please confirm your password.') =>
  new DomainError('confirmation_required', message);
export const tooManyAttempts = (message: string) => new DomainError('too_many_attempts', message);
