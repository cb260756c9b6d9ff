import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { forgotPasswordSchema } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { applyServerErrors, fieldError, useSchemaForm } from '../../ui/forms.ts';
import { api } from '../../lib/api.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { useSignedInLanding } from './landing.ts';

export function ForgotPasswordPage() {
  const trans = useTrans();
  const form = useSchemaForm(forgotPasswordSchema, { email: '' });
  const [sent, setSent] = useState<string | null>(null);
  const signedInLanding = useSignedInLanding();

  // Guest-only screen (spec 1 §1), as login and register.
  if (signedInLanding) return <Navigate to={signedInLanding} replace />;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { message } = await api(endpoints.forgotPassword, values);
      setSent(message);
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold text-fg">{trans('Forgot your password?')}</h1>
      {sent ? (
        <div
          role="status"
          className="mt-6 flex gap-3 rounded-lg bg-positive/10 p-4 text-sm text-fg"
        >
          <Icon name="checkCircle" size={20} className="shrink-0 text-positive" />
          {trans(sent)}
        </div>
      ) : (
        <form className="mt-6 flex flex-col gap-4" onSubmit={submit} noValidate>
          <p className="text-sm text-fg-muted">
            {trans('Enter your email and we will send you a link to reset your password.')}
          </p>
          <TextField
            {...form.register('email')}
            type="email"
            autoComplete="email"
            label={trans('Email')}
            error={fieldError(form, 'email')}
            required
          />
          <Button type="submit" size="lg" disabled={form.formState.isSubmitting} className="w-full">
            {trans('Send reset link')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-primary hover:underline">
          {trans('Back to sign in')}
        </Link>
      </p>
    </AuthLayout>
  );
}

export default ForgotPasswordPage;
