import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COPIED_LABEL_MS, createAppPasswordSchema, formatRelativeTime } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import type { AppPassword } from '@backbeat/common';
import { api } from '../../../lib/api.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog/dialog.tsx';
import { openDialog } from '../../../ui/dialog/dialog-store.ts';
import { applyServerErrors, fieldError, useSchemaForm } from '../../../ui/forms.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { showErrorToast } from '../../../ui/toast/error-toast.ts';
import { toast } from '../../../ui/toast/toast-store.ts';
import { Panel } from '../panel.tsx';
import { accountKeys } from '../queries.ts';

function CopyableValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  const trans = useTrans();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    setCopied(true);
    setTimeout(() => setCopied(false), COPIED_LABEL_MS);
  };
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-medium text-fg-muted">{label}</span>
      <div className="flex items-center gap-2">
        <code
          data-testid={testId}
          className="min-w-0 flex-1 rounded-lg bg-bg-alt px-3 py-2 font-mono text-sm break-all text-fg"
        >
          {value}
        </code>
        <Button
          size="sm"
          variant="outline"
          onClick={() => void copy()}
          aria-label={trans('Copy :what', { what: label })}
        >
          {copied ? trans('Copied!') : trans('Copy')}
        </Button>
      </div>
    </div>
  );
}

/** Generates an app password and shows it once, with what to type into the app. */
function AppPasswordDialog({ close, username }: { close(): void; username: string }) {
  const trans = useTrans();
  const form = useSchemaForm(createAppPasswordSchema, { name: '' });
  const [password, setPassword] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    try {
      setPassword((await api(endpoints.createAppPassword, values)).password);
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  return (
    <Dialog title={trans('Connect a music app')} size="sm">
      {password ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-fg-muted">
            {trans("Type these into the app. The password won't be shown again.")}
          </p>
          <CopyableValue
            label={trans('Server')}
            value={window.location.origin}
            testId="app-server"
          />
          <CopyableValue label={trans('Username')} value={username} testId="app-username" />
          <CopyableValue label={trans('Password')} value={password} testId="app-password" />
          <div className="flex justify-end">
            <Button onClick={close}>{trans('Done')}</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <TextField
            {...form.register('name')}
            label={trans('App name')}
            placeholder={trans('e.g. Symfonium on my phone')}
            error={fieldError(form, 'name')}
            autoFocus
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {trans('Generate password')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/**
 * Subsonic apps (Symfonium, DSub, Feishin…) sign in with a password made for them, never the
 * account's own; each can be revoked alone. Apps that know API keys can use an API token.
 */
export function MusicAppsPanel({ username }: { username: string }) {
  const trans = useTrans();
  const queryClient = useQueryClient();
  const passwords = useQuery({
    queryKey: accountKeys.appPasswords,
    queryFn: () => api(endpoints.listAppPasswords),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.appPasswords });

  const create = async () => {
    await openDialog((close) => <AppPasswordDialog close={close} username={username} />);
    await refresh();
  };
  const revoke = async (password: AppPassword) => {
    try {
      await api(endpoints.revokeAppPassword, { id: password.id });
      toast(trans('":name" can no longer sign in', { name: password.name }));
      await refresh();
    } catch (error) {
      showErrorToast(error, trans);
    }
  };

  return (
    <Panel
      id="music-apps"
      title={trans('Music apps')}
      description={trans(
        'Listen in Subsonic apps such as Symfonium, DSub, Feishin or Substreamer. Each app gets its own password, which you can revoke at any time.',
      )}
    >
      {passwords.isPending && <Spinner size={24} />}
      {passwords.isError && (
        <p role="alert" className="text-sm text-danger">
          {trans('Could not load your app passwords.')}
        </p>
      )}
      {passwords.data && passwords.data.appPasswords.length === 0 && (
        <p className="text-sm text-fg-muted">{trans('No app is connected yet.')}</p>
      )}
      {passwords.data && passwords.data.appPasswords.length > 0 && (
        <ul aria-label={trans('Connected apps')} className="divide-y divide-border">
          {passwords.data.appPasswords.map((password) => (
            <li key={password.id} className="flex items-center justify-between gap-4 py-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-fg">{password.name}</p>
                <p className="text-xs text-fg-muted">
                  {password.last_used_at
                    ? trans('Last used :time', {
                        time: formatRelativeTime(password.last_used_at, { translate: trans }),
                      })
                    : trans('Never used')}
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                onClick={() => void revoke(password)}
                aria-label={trans('Revoke :name', { name: password.name })}
              >
                {trans('Revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button className="mt-4" onClick={() => void create().catch((e) => showErrorToast(e, trans))}>
        {trans('Connect an app')}
      </Button>
    </Panel>
  );
}
