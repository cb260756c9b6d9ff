import { useState, type FormEvent, type ReactNode } from 'react';
import { VERIFICATION_CODE_LENGTH, maskEmail, verificationCodeSchema } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { Logo } from '../../app/layout/logo.tsx';
import { errorMessage, fieldErrors } from '../../lib/api-error.ts';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { useLogout } from './session-queries.ts';

function RestrictedLayout({ children }: { children: ReactNode }) {
  const trans = useTrans();
  const logout = useLogout();
  return (
    <div className="flex min-h-dvh flex-col bg-bg-alt">
      <header className="flex h-16 items-center justify-between px-4 md:px-8">
        <Logo />
        <Button
          variant="outline"
          size="sm"
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
        >
          {trans('Logout')}
        </Button>
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="w-full max-w-[440px] rounded-2xl border border-border bg-bg-elevated p-8 shadow-xl">
          {children}
        </div>
      </main>
    </div>
  );
}

/** Spec §2: shown when email confirmation is required and the user has not verified yet. */
export function VerifyEmailScreen() {
  const trans = useTrans();
  const user = useCurrentUser();
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = verificationCodeSchema.safeParse({
      code: new FormData(event.currentTarget).get('code'),
    });
    if (!parsed.success) return setError(trans(parsed.error.issues[0]!.message));
    setSubmitting(true);
    try {
      await api(endpoints.validateEmailVerificationCode, parsed.data);
      window.location.reload();
    } catch (e) {
      setError(trans(fieldErrors(e).code ?? errorMessage(e)));
      setSubmitting(false);
    }
  };

  const resend = async () => {
    setSending(true);
    try {
      await api(endpoints.resendEmailVerification, { email: user?.email });
      toast(trans('Email sent'));
    } catch (e) {
      toast.danger(trans(errorMessage(e)));
    } finally {
      setSending(false);
    }
  };

  return (
    <RestrictedLayout>
      <h1 className="text-2xl font-bold text-fg">{trans('Verify your email')}</h1>
      <p className="mt-2 text-sm text-fg-muted">
        {trans('Enter the verification code we sent to :email', {
          email: user ? maskEmail(user.email) : '',
        })}
      </p>
      <form className="mt-6 flex flex-col gap-4" onSubmit={submit} noValidate>
        <TextField
          name="code"
          label={trans('Code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={VERIFICATION_CODE_LENGTH}
          error={error}
          required
          autoFocus
        />
        <Button type="submit" size="lg" disabled={submitting} className="w-full">
          {trans('Next')}
        </Button>
      </form>
      <button
        type="button"
        className="mt-4 text-sm font-medium text-primary hover:underline disabled:opacity-50"
        disabled={sending || !user?.email}
        onClick={() => void resend()}
      >
        {trans("Didn't get the email? Send it again")}
      </button>
    </RestrictedLayout>
  );
}

/** Spec §2: a suspended account sees only this. */
export function SuspendedScreen() {
  const trans = useTrans();
  return (
    <RestrictedLayout>
      <h1 className="text-2xl font-bold text-fg">{trans('Your account is suspended')}</h1>
      <p className="mt-3 text-sm text-fg-muted">
        {trans(
          'You cannot open this site because your account has been suspended. Please contact the admin to re-activate it.',
        )}
      </p>
    </RestrictedLayout>
  );
}
