import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { twoFactorConfirmSchema, type User } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { errorMessage, fieldErrors } from '../../../lib/api-error.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { withConfirmedPassword } from '../password-confirmation.tsx';
import { Panel } from '../panel.tsx';
import { accountKeys, setCurrentUser } from '../queries.ts';

function RecoveryCodes({ codes }: { codes: string[] }) {
  const trans = useTrans();
  return (
    <div className="rounded-xl bg-bg-alt p-4">
      <p className="text-sm text-fg-muted">
        {trans(
          'Store these recovery codes somewhere safe. Each one logs you in once if you lose your device.',
        )}
      </p>
      <ul data-testid="recovery-codes" className="mt-3 grid gap-1 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

/** Spec §4 states: 0 off, 1 waiting for a confirming code, 2 on. */
export function TwoFactorPanel({ user }: { user: User }) {
  const trans = useTrans();
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [codeError, setCodeError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const state = user.two_factor_state;
  const qr = useQuery({
    queryKey: [...accountKeys.twoFactor, 'qr', state],
    queryFn: () => api(endpoints.getTwoFactorQrCode),
    enabled: state === 1,
  });

  const setState = (two_factor_state: 0 | 1 | 2) =>
    setCurrentUser({
      ...user,
      two_factor_state,
      two_factor_confirmed_at: two_factor_state === 2 ? new Date().toISOString() : null,
    });

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await withConfirmedPassword(action);
    } catch (error) {
      toast.danger(trans(errorMessage(error)));
    } finally {
      setBusy(false);
    }
  };

  const enable = () =>
    act(async () => {
      await api(endpoints.enableTwoFactor);
      await queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor });
      setState(1);
    });
  const disable = () =>
    act(async () => {
      const { message } = await api(endpoints.disableTwoFactor);
      setCodes(null);
      setState(0);
      toast(trans(message));
    });
  const showCodes = (regenerate: boolean) =>
    act(async () => {
      const response = regenerate
        ? await api(endpoints.regenerateRecoveryCodes)
        : await api(endpoints.getRecoveryCodes);
      setCodes(response.recovery_codes);
    });

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = twoFactorConfirmSchema.safeParse({
      code: new FormData(event.currentTarget).get('code'),
    });
    if (!parsed.success) return setCodeError(trans(parsed.error.issues[0]!.message));
    setBusy(true);
    try {
      const response = await api(endpoints.confirmTwoFactor, parsed.data);
      setCodes(response.recovery_codes);
      setState(2);
      setCodeError(undefined);
    } catch (error) {
      setCodeError(trans(fieldErrors(error).code ?? errorMessage(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel
      id="two-factor"
      title={trans('Two-factor authentication')}
      description={trans(
        'Ask for a code from your phone, as well as your password, when you log in.',
      )}
    >
      {state === 0 && (
        <Button onClick={() => void enable()} disabled={busy}>
          {trans('Enable')}
        </Button>
      )}
      {state === 1 && (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-fg">
            {trans('Scan this QR code with your authenticator app, then enter the code it shows.')}
          </p>
          {qr.data && (
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.data.svg)}`}
                alt={trans('QR code')}
                width={176}
                height={176}
                className="rounded-lg bg-white p-2"
              />
              <p className="text-sm text-fg-muted">
                {trans('Setup key')}:{' '}
                <code data-testid="two-factor-secret" className="font-mono text-fg">
                  {qr.data.secret}
                </code>
              </p>
            </div>
          )}
          <form
            className="flex max-w-sm flex-col gap-3"
            onSubmit={(e) => void confirm(e)}
            noValidate
          >
            <TextField
              name="code"
              label={trans('Code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              error={codeError}
            />
            <div className="flex gap-2">
              <Button type="submit" disabled={busy}>
                {trans('Confirm')}
              </Button>
              <Button variant="text" disabled={busy} onClick={() => void disable()}>
                {trans('Cancel')}
              </Button>
            </div>
          </form>
        </div>
      )}
      {state === 2 && (
        <div className="flex flex-col gap-4">
          <p className="text-sm font-medium text-positive">
            {trans('Two-factor authentication is on.')}
          </p>
          {codes && <RecoveryCodes codes={codes} />}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => void showCodes(codes !== null)}
            >
              {codes ? trans('Regenerate recovery codes') : trans('Show recovery codes')}
            </Button>
            <Button variant="danger" disabled={busy} onClick={() => void disable()}>
              {trans('Disable')}
            </Button>
          </div>
        </div>
      )}
    </Panel>
  );
}
