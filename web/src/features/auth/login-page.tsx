import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { isSafeRedirect, landingAddress, loginSchema } from '@backbeat/common';
import { errorMessage, fieldErrors } from '../../lib/api-error.ts';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox, TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { useLandingResolver } from './landing.ts';
import { useLogin } from './session-queries.ts';

type Field = 'email' | 'password';

export function LoginPage() {
  const trans = useTrans();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useBootstrap((d) => d.user);
  const siteName = useBootstrap((d) => d.branding.site_name);
  const resolveLanding = useLandingResolver();
  const login = useLogin();
  const lockedEmail = params.get('email');
  const redirect = params.get('redirect');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const refs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  // Guest-only screen: a logged-in user goes to their landing address.
  if (user && !login.isPending && !login.isSuccess) {
    return <Navigate to={resolveLanding(landingAddress({ user, guestPermissions: [] }))} replace />;
  }

  const showErrors = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    const first = (['email', 'password'] as const).find((f) => found[f]);
    if (first) refs[first].current?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = loginSchema.safeParse({
      email: lockedEmail ?? form.get('email'),
      password: form.get('password'),
      remember: form.get('remember') === 'on',
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= trans(issue.message);
      }
      return showErrors(found);
    }
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: (response) => {
        if (!('bootstrapData' in response)) return;
        const viewer = { user: response.bootstrapData.user, guestPermissions: [] };
        navigate(isSafeRedirect(redirect) ? redirect : resolveLanding(landingAddress(viewer)), {
          replace: true,
        });
      },
      onError: (error) => {
        const found = fieldErrors(error);
        if (Object.keys(found).length) showErrors(found as Partial<Record<Field, string>>);
        else toast.danger(trans(errorMessage(error)));
      },
    });
  };

  return (
    <div className="flex min-h-full items-center justify-center px-4 py-10">
      <div className="w-full max-w-[420px] rounded-2xl border border-border bg-bg-elevated p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-fg">{trans('Sign in to your account')}</h1>
        <p className="mt-1 text-sm text-fg-muted">
          {trans('Welcome back to :siteName', { siteName })}
        </p>
        <form className="mt-6 flex flex-col gap-4" onSubmit={submit} noValidate>
          <TextField
            ref={refs.email}
            name="email"
            type="email"
            autoComplete="email"
            label={trans('Email')}
            defaultValue={lockedEmail ?? ''}
            readOnly={!!lockedEmail}
            error={errors.email}
            required
          />
          <TextField
            ref={refs.password}
            name="password"
            type="password"
            autoComplete="current-password"
            label={trans('Password')}
            error={errors.password}
            required
          />
          <Checkbox name="remember" label={trans('Stay logged in')} defaultChecked />
          <Button type="submit" size="lg" disabled={login.isPending} className="mt-2 w-full">
            {trans('Continue')}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-fg-muted">
          <Link to="/" className="font-medium text-primary hover:underline">
            {trans('Continue browsing as a guest')}
          </Link>
        </p>
      </div>
    </div>
  );
}

export default LoginPage;
