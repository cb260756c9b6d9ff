import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { isSafeRedirect, landingAddress, loginSchema, type BootstrapData } from '@backbeat/common';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { applyServerErrors, fieldError, useSchemaForm } from '../../ui/forms.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox, TextField } from '../../ui/text-field.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { useLandingResolver, useSignedInLanding } from './landing.ts';
import { takeOnboardingCheckout } from '../../entities/billing/onboarding.ts';
import { useLogin } from './session-queries.ts';
import { SocialLoginButtons, useSocialLogin } from '../../entities/session/social-login.tsx';
import { TwoFactorChallenge } from './two-factor-challenge.tsx';

/** After login: the redirect param when it is a same-origin path, else the landing address. */
function useAfterLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const resolveLanding = useLandingResolver();
  return (data: BootstrapData | null) => {
    const redirect = params.get('redirect');
    const viewer = { user: data?.user ?? null, guestPermissions: [] };
    // Spec 1 §2: a stored onboarding choice makes the checkout the place to go after login.
    const checkout = takeOnboardingCheckout();
    navigate(
      checkout ?? (isSafeRedirect(redirect) ? redirect : resolveLanding(landingAddress(viewer))),
      { replace: true },
    );
  };
}

export function LoginPage() {
  const trans = useTrans();
  const [params] = useSearchParams();
  const signedInLanding = useSignedInLanding();
  const site = useBootstrap((d) => d.settings.site);
  const registrationDisabled = useBootstrap((d) => d.settings.registration.disable);
  const siteName = useBootstrap((d) => d.branding.site_name);
  const afterLogin = useAfterLogin();
  const login = useLogin();
  const [step, setStep] = useState<'credentials' | 'two-factor'>('credentials');
  const lockedEmail = params.get('email');
  const form = useSchemaForm(loginSchema, {
    email: lockedEmail ?? (site.demo ? (site.demo_email ?? '') : ''),
    password: site.demo ? (site.demo_password ?? '') : '',
    remember: true,
  });
  const socialLogin = useSocialLogin({
    onTwoFactor: () => setStep('two-factor'),
    onLoggedIn: () => afterLogin(null),
  });

  // Guest-only screen: a logged-in user goes to their landing address.
  if (signedInLanding && !login.isPending && !login.isSuccess && step === 'credentials') {
    return <Navigate to={signedInLanding} replace />;
  }

  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (response) => {
        if ('two_factor' in response) setStep('two-factor');
        else afterLogin(response.bootstrapData);
      },
      onError: (error) => applyServerErrors(form, error),
    }),
  );

  return (
    <AuthLayout>
      {step === 'two-factor' ? (
        <TwoFactorChallenge onSuccess={afterLogin} />
      ) : (
        <>
          <h1 className="text-2xl font-bold text-fg">{trans('Sign in to your account')}</h1>
          <p className="mt-1 text-sm text-fg-muted">
            {trans('Welcome back to :siteName', { siteName })}
          </p>
          <form className="mt-6 flex flex-col gap-4" onSubmit={submit} noValidate>
            <TextField
              {...form.register('email')}
              type="email"
              autoComplete="email"
              label={trans('Email')}
              readOnly={!!lockedEmail}
              error={fieldError(form, 'email')}
              required
            />
            <TextField
              {...form.register('password')}
              type="password"
              autoComplete="current-password"
              label={trans('Password')}
              error={fieldError(form, 'password')}
              required
            />
            <div className="flex items-center justify-between gap-2">
              <Checkbox {...form.register('remember')} label={trans('Stay logged in')} />
              <Link
                to="/forgot-password"
                className="text-sm font-medium text-primary hover:underline"
              >
                {trans('Forgot your password?')}
              </Link>
            </div>
            <Button type="submit" size="lg" disabled={login.isPending} className="mt-2 w-full">
              {trans('Continue')}
            </Button>
          </form>
          <SocialLoginButtons onSelect={(service) => void socialLogin(service)} />
          {!registrationDisabled && (
            <p className="mt-6 text-center text-sm text-fg-muted">
              {trans("Don't have an account?")}{' '}
              <Link
                to={`/register${params.toString() ? `?${params}` : ''}`}
                className="font-medium text-primary hover:underline"
              >
                {trans('Sign up.')}
              </Link>
            </p>
          )}
        </>
      )}
    </AuthLayout>
  );
}

export default LoginPage;
