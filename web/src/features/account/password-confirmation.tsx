import { PASSWORD_CONFIRMATION_SECONDS } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-error.ts';
import { queryClient } from '../../lib/query-client.ts';
import { trans } from '../../lib/translator.ts';
import { openDialog } from '../../ui/dialog/dialog-store.ts';
import { PasswordPromptDialog } from '../../entities/session/password-prompt-dialog.tsx';

const STATUS_KEY = ['auth', 'confirmed-password-status'] as const;

/**
 * Spec §4: a cached status says whether the password was confirmed recently; when it was
 * not, a dialog asks for it. Resolves true when the caller may go on.
 */
export async function ensurePasswordConfirmed(): Promise<boolean> {
  const status = await queryClient.fetchQuery({
    queryKey: STATUS_KEY,
    queryFn: () =>
      api(endpoints.getPasswordConfirmationStatus, { seconds: PASSWORD_CONFIRMATION_SECONDS }),
  });
  if (status.confirmed) return true;
  const confirmed = await openDialog<boolean>((close) => (
    <PasswordPromptDialog
      title={trans('Confirm password')}
      text={trans('For your security, please confirm your password to continue.')}
      submitLabel={trans('Confirm')}
      submit={async (password) => {
        await api(endpoints.confirmPassword, { password });
        queryClient.setQueryData(STATUS_KEY, { confirmed: true });
        return true;
      }}
      close={close}
    />
  ));
  return confirmed === true;
}

/** Runs an action that needs a confirmed password, asking again if the server says 423. */
export async function withConfirmedPassword<T>(action: () => Promise<T>): Promise<T | undefined> {
  if (!(await ensurePasswordConfirmed())) return undefined;
  try {
    return await action();
  } catch (error) {
    if (error instanceof ApiError && error.status === 423) {
      queryClient.setQueryData(STATUS_KEY, { confirmed: false });
      if (!(await ensurePasswordConfirmed())) return undefined;
      return action();
    }
    throw error;
  }
}
