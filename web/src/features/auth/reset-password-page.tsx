import { useNavigate, useParams, useSearchParams } from 'react-router';
import { resetPasswordSchema } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { applyServerErrors, fieldError, useSchemaForm } from '../../lib/forms.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { AuthLayout } from './auth-layout.tsx';

export function ResetPasswordPage() {
  const trans = useTrans();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const form = useSchemaForm(resetPasswordSchema, {
    token,
    email,
    password: '',
    password_confirmation: '',
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      const { message } = await api(endpoints.resetPassword, values);
      toast(trans(message));
      navigate(`/login?email=${encodeURIComponent(values.email)}`, { replace: true });
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold text-fg">{trans('Reset your password')}</h1>
      <form className="mt-6 flex flex-col gap-4" onSubmit={submit} noValidate>
        <TextField
          {...form.register('email')}
          type="email"
          autoComplete="email"
          label={trans('Email')}
          readOnly={!!email}
          error={fieldError(form, 'email')}
          required
        />
        <TextField
          {...form.register('password')}
          type="password"
          autoComplete="new-password"
          label={trans('New password')}
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
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting} className="w-full">
          {trans('Reset password')}
        </Button>
      </form>
    </AuthLayout>
  );
}

export default ResetPasswordPage;
