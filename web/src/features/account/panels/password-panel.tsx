import { Link } from 'react-router';
import { changePasswordSchema, type User } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { applyServerErrors, fieldError, useSchemaForm } from '../../../lib/forms.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { Panel } from '../panel.tsx';

export function PasswordPanel({ user }: { user: User }) {
  const trans = useTrans();
  const form = useSchemaForm(changePasswordSchema, {
    current_password: '',
    password: '',
    password_confirmation: '',
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await api(endpoints.changePassword, values);
      form.reset();
      toast(trans('Password changed'));
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  return (
    <Panel
      id="password"
      title={trans('Password')}
      description={trans('Changing it logs you out of your other devices.')}
    >
      {user.has_password ? (
        <form className="flex max-w-md flex-col gap-4" onSubmit={submit} noValidate>
          <TextField
            {...form.register('current_password')}
            type="password"
            autoComplete="current-password"
            label={trans('Current password')}
            error={fieldError(form, 'current_password')}
          />
          <TextField
            {...form.register('password')}
            type="password"
            autoComplete="new-password"
            label={trans('New password')}
            error={fieldError(form, 'password')}
          />
          <TextField
            {...form.register('password_confirmation')}
            type="password"
            autoComplete="new-password"
            label={trans('Confirm password')}
            error={fieldError(form, 'password_confirmation')}
          />
          <div>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {trans('Update password')}
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-sm text-fg-muted">
          {trans('You signed up with a social account and have no password yet.')}{' '}
          <Link to="/forgot-password" className="font-medium text-primary hover:underline">
            {trans('Set a password')}
          </Link>
        </p>
      )}
    </Panel>
  );
}
