import { useState, type FormEvent } from 'react';
import { confirmPasswordSchema } from '@backbeat/common';
import { ApiError, fieldErrors } from '../../lib/api-error.ts';
import { http } from '../../lib/http.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { openDialog } from '../../ui/dialog/dialog-store.ts';
import { TextField } from '../../ui/text-field.tsx';

const STATUS_KEY = ['auth', 'confirmed-password-status'] as const;

function ConfirmPasswordDialog({ close }: { close: (confirmed?: boolean) => void }) {
  const trans = useTrans();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = confirmPasswordSchema.safeParse({
      password: new FormData(event.currentTarget).get('password'),
    });
    if (!parsed.success) return setError(trans(parsed.error.issues[0]!.message));
    setBusy(true);
    try {
      await http.post('auth/user/confirm-password', parsed.data);
      queryClient.setQueryData(STATUS_KEY, { confirmed: true });
      close(true);
    } catch (e) {
      setError(trans(fieldErrors(e).password ?? 'There was an issue. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <Dialog title={trans('Confirm password')} size="sm">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <p className="text-sm text-fg-muted">
          {trans('For your security, please confirm your password to continue.')}
        </p>
        <TextField
          name="password"
          type="password"
          autoComplete="current-password"
          label={trans('Password')}
          error={error}
          autoFocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="text" onClick={() => close(false)}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {trans('Confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Spec §4: a cached status says whether the password was confirmed recently; when it was
 * not, a dialog asks for it. Resolves true when the caller may go on.
 */
export async function ensurePasswordConfirmed(): Promise<boolean> {
  const status = await queryClient.fetchQuery({
    queryKey: STATUS_KEY,
    queryFn: () =>
      http.get<{ confirmed: boolean }>('auth/user/confirmed-password-status', {
        params: { seconds: 9000 },
      }),
  });
  if (status.confirmed) return true;
  return (await openDialog<boolean>((close) => <ConfirmPasswordDialog close={close} />)) === true;
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
