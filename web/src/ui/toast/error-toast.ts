import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { toast } from './toast-store.ts';

/** The optional action an error response carries (spec §8), when it is well formed. */
export function errorAction(error: unknown): { label: string; action: string } | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const action = error.body.action as unknown;
  if (!action || typeof action !== 'object') return undefined;
  const { label, action: target } = action as Record<string, unknown>;
  return typeof label === 'string' && typeof target === 'string'
    ? { label, action: target }
    : undefined;
}

/**
 * Spec §8 default error toast: the server's message when there is one (else "There was an
 * issue. Please try again."), with the action the response carries attached.
 */
export function showErrorToast(
  error: unknown,
  trans: (line: string) => string,
  message = errorMessage(error),
): string {
  return toast.danger(trans(message), { action: errorAction(error) });
}
