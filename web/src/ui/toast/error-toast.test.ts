import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { errorAction, showErrorToast } from './error-toast.ts';
import { useToastStore } from './toast-store.ts';

const trans = (line: string) => line;

afterEach(() => {
  for (const t of useToastStore.getState().toasts) useToastStore.getState().remove(t.id);
});

describe('the error toast (spec §8)', () => {
  it('attaches the action an error response carries', () => {
    const error = new ApiError(403, {
      message: 'Upgrade to create more playlists.',
      action: { label: 'Upgrade', action: '/pricing' },
    });
    showErrorToast(error, trans);
    const [shown] = useToastStore.getState().toasts;
    expect(shown).toMatchObject({
      type: 'danger',
      message: 'Upgrade to create more playlists.',
      action: { label: 'Upgrade', action: '/pricing' },
    });
  });

  it('shows the default line and no action when the response has none', () => {
    showErrorToast(new TypeError('Failed to fetch'), trans);
    const [shown] = useToastStore.getState().toasts;
    expect(shown?.message).toBe('There was an issue. Please try again.');
    expect(shown?.action).toBeUndefined();
  });

  it('ignores a malformed action rather than showing a broken button', () => {
    expect(errorAction(new ApiError(422, { action: { label: 3, action: '/x' } } as never))).toBe(
      undefined,
    );
    expect(errorAction(new ApiError(422, { action: 'go' } as never))).toBeUndefined();
  });
});
