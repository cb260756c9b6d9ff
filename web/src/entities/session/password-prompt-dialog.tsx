import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '../../lib/api-error.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';

/**
 * Asks for the account password for one action (confirm it, log out other sessions, link a
 * social account). The dialog closes with what `submit` returned; errors stay on the field.
 */
export function PasswordPromptDialog<T>({
  title,
  text,
  submitLabel,
  submit,
  close,
}: {
  title: string;
  text: string;
  submitLabel: string;
  submit(password: string): Promise<T>;
  close(result?: T): void;
}) {
  const trans = useTrans();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (!password) return setError(trans('The password field is required.'));
    setBusy(true);
    try {
      close(await submit(password));
    } catch (e) {
      setError(trans(fieldErrors(e).password ?? errorMessage(e)));
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} size="sm">
      <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" noValidate>
        <p className="text-sm text-fg-muted">{text}</p>
        <TextField
          name="password"
          type="password"
          autoComplete="current-password"
          label={trans('Password')}
          error={error}
          autoFocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="text" onClick={() => close()}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
