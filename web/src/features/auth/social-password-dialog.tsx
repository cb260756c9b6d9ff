import { useState, type FormEvent } from 'react';
import type { BootstrapData, SocialService } from '@backbeat/common';
import { fieldErrors } from '../../lib/api-error.ts';
import { http } from '../../lib/http.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { SOCIAL_LABELS } from './social-login.tsx';

/** REQUEST_PASSWORD: an account with this email exists; its password links the provider. */
export function SocialPasswordDialog({
  email,
  service,
  onDone,
}: {
  email: string;
  service: SocialService;
  onDone(result?: { bootstrapData?: BootstrapData; two_factor?: boolean }): void;
}) {
  const trans = useTrans();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const password = String(new FormData(event.currentTarget).get('password') ?? '');
      onDone(await http.post('secure/auth/social/connect', { password }));
    } catch (e) {
      setError(trans(fieldErrors(e).password ?? 'There was an issue. Please try again.'));
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={trans('Connect your :service account', { service: SOCIAL_LABELS[service] })}
      size="sm"
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <p className="text-sm text-fg-muted">
          {trans('An account with :email already exists. Enter its password to connect it.', {
            email,
          })}
        </p>
        <TextField
          name="password"
          type="password"
          autoComplete="current-password"
          label={trans('Password')}
          error={error}
          autoFocus
        />
        <Button type="submit" disabled={busy}>
          {trans('Connect')}
        </Button>
      </form>
    </Dialog>
  );
}
