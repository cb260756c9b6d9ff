import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isSafeRedirect, registerSchema } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { useBootstrap, useBootstrapStore } from '../../lib/bootstrap.ts';
import { applyServerErrors, fieldError, useSchemaForm } from '../../ui/forms.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox, TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { AuthLayout } from './auth-layout.tsx';
import { useSignedInLanding } from './landing.ts';
import { isRecaptchaEnabled, passHumanCheck } from '../../entities/recaptcha/recaptcha.ts';
import { takeOnboardingCheckout } from '../../entities/billing/onboarding.ts';

export function RegisterPage() {
  const trans = useTrans();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const signedInLanding = useSignedInLanding();
  const settings = useBootstrap((d) => d.settings);
  const lockedEmail = params.get('email');
  const inviteId = params.get('invite_id') ?? undefined;
  const isWorkspaceSignup = location.pathname.startsWith('/workspace/join');
  const form = useSchemaForm(registerSchema, {
    email: lockedEmail ?? '',
    password: '',
    password_confirmation: '',
  });

  // Guest-only; the account this form just made goes on to where the submit sends it.
  const { isSubmitting, isSubmitSuccessful } = form.formState;
  if (signedInLanding && !isSubmitting && !isSubmitSuccessful) {
    return <Navigate to={signedInLanding} replace />;
  }
  // Spec §2: with registration off, only invites and workspace signups may register.
  if (settings.registration.disable && !inviteId && !isWorkspaceSignup) {
    return <Navigate to={`/login${location.search}`} replace />;
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      let recaptcha_token: string | undefined;
      if (isRecaptchaEnabled(settings, 'register')) {
        recaptcha_token =
          (await passHumanCheck(settings.recaptcha.site_key!, 'register')) ?? undefined;
        if (!recaptcha_token) return void toast.danger(trans('Could not verify you are human.'));
      }
      const response = await api(endpoints.register, {
        ...values,
        invite_id: inviteId,
        invite_type: inviteId || isWorkspaceSignup ? 'workspace' : undefined,
        recaptcha_token,
      });
      queryClient.clear();
      useBootstrapStore.getState().replace(response.bootstrapData);
      const redirect = params.get('redirect');
      if (response.status === 'needs_email_verification') navigate('/', { replace: true });
      else if (params.get('redirectFrom') === 'pricing') {
        // Spec 1 §2: a plan picked before registering leads on to its checkout.
        navigate(takeOnboardingCheckout() ?? '/pricing', { replace: true });
      } else navigate(isSafeRedirect(redirect) ? redirect : '/', { replace: true });
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold text-fg">{trans('Create a new account')}</h1>
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
          autoComplete="new-password"
          label={trans('Password')}
          error={fieldError(form, 'password')}
          required
        />
        <TextField
          {...form.register('password_confirmation')}
          type="password"
          autoComplete="new-password"
          label={trans('Confirm password')}
          error={fieldError(form, 'password_confirmation')}
          required
        />
        {settings.registration.policies.map((policy) => {
          const error = fieldError(form, `policies.${policy.id}`);
          return (
            <div key={policy.id}>
              <Checkbox
                {...form.register(`policies.${policy.id}`)}
                label={trans('I accept the :name', { name: policy.name })}
                required
              />
              {policy.url && (
                <a
                  href={policy.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="ml-6 text-xs text-primary hover:underline"
                >
                  {trans('Read the :name', { name: policy.name })}
                </a>
              )}
              {error && <p className="mt-1 text-xs text-danger">{error}</p>}
            </div>
          );
        })}
        {fieldError(form, 'recaptcha') && (
          <p className="text-sm text-danger">{fieldError(form, 'recaptcha')}</p>
        )}
        <Button
          type="submit"
          size="lg"
          disabled={form.formState.isSubmitting}
          className="mt-2 w-full"
        >
          {trans('Create account')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-fg-muted">
        {trans('Already have an account?')}{' '}
        <Link to={`/login${location.search}`} className="font-medium text-primary hover:underline">
          {trans('Sign in.')}
        </Link>
      </p>
    </AuthLayout>
  );
}

export default RegisterPage;
