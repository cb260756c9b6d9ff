import { useState, type FormEvent } from 'react';
import {
  RECOVERY_CODE_LENGTH,
  TWO_FACTOR_CODE_LENGTH,
  twoFactorChallengeSchema,
  type BootstrapData,
} from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { fieldErrors, errorMessage } from '../../lib/api-error.ts';
import { useBootstrapStore } from '../../lib/bootstrap.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';

/** The login's second step: a code from the authenticator app, or a recovery code. */
export function TwoFactorChallenge({ onSuccess }: { onSuccess(data: BootstrapData): void }) {
  const trans = useTrans();
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const field = useRecovery ? 'recovery_code' : 'code';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get(field) ?? '');
    const parsed = twoFactorChallengeSchema.safeParse({ [field]: value });
    if (!parsed.success) return setError(trans(parsed.error.issues[0]!.message));
    setBusy(true);
    try {
      const response = await api(endpoints.twoFactorChallenge, parsed.data);
      queryClient.clear();
      useBootstrapStore.getState().replace(response.bootstrapData);
      onSuccess(response.bootstrapData);
    } catch (e) {
      const errors = fieldErrors(e);
      setError(trans(errors[field] ?? errors.code ?? errorMessage(e)));
      setBusy(false);
    }
  };

  return (
    <>
      <h1 className="text-2xl font-bold text-fg">{trans('Two-factor authentication')}</h1>
      <p className="mt-2 text-sm text-fg-muted">
        {useRecovery
          ? trans('Enter one of your emergency recovery codes.')
          : trans('Enter the code from your authenticator app.')}
      </p>
      <form className="mt-6 flex flex-col gap-4" onSubmit={submit} noValidate key={field}>
        <TextField
          name={field}
          label={useRecovery ? trans('Recovery code') : trans('Code')}
          inputMode={useRecovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          maxLength={useRecovery ? RECOVERY_CODE_LENGTH : TWO_FACTOR_CODE_LENGTH}
          error={error}
          autoFocus
          required
        />
        <Button type="submit" size="lg" disabled={busy} className="w-full">
          {trans('Continue')}
        </Button>
        <button
          type="button"
          className="text-sm font-medium text-primary hover:underline"
          onClick={() => {
            setUseRecovery((v) => !v);
            setError(undefined);
          }}
        >
          {useRecovery ? trans('Use an authentication code') : trans('Use a recovery code')}
        </button>
      </form>
    </>
  );
}
