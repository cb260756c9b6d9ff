import { useNavigate } from 'react-router';
import { updateUserSchema, usersResource, type AdminUser } from '@backbeat/common/admin/people';
import { updateAdminUser } from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { applyServerErrors, fieldError, useSchemaForm } from '../../../ui/forms.ts';
import { Checkbox, TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { useConfirmDelete } from '../resources/confirm-delete.tsx';
import { useUserAction } from './queries.ts';

/** Name, email and whether the email counts as verified; and deleting the account. */
export function UserDetailsTab({ user }: { user: AdminUser }) {
  const trans = useTrans();
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete(usersResource, trans('User deleted'));
  const form = useSchemaForm(
    updateUserSchema.pick({
      name: true,
      first_name: true,
      last_name: true,
      email: true,
      email_verified: true,
    }),
    {
      name: user.name,
      first_name: user.first_name ?? '',
      last_name: user.last_name ?? '',
      email: user.email,
      email_verified: user.email_verified_at !== null,
    },
  );
  const save = useUserAction(user.id, (values: Record<string, unknown>) =>
    api(updateAdminUser, { id: user.id, ...values }),
  );
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast(trans('User saved'));
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  return (
    <div className="flex max-w-xl flex-col gap-8">
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <TextField
          label={trans('Name')}
          error={fieldError(form, 'name')}
          {...form.register('name')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={trans('First name')}
            error={fieldError(form, 'first_name')}
            {...form.register('first_name')}
          />
          <TextField
            label={trans('Last name')}
            error={fieldError(form, 'last_name')}
            {...form.register('last_name')}
          />
        </div>
        <TextField
          label={trans('Email')}
          type="email"
          error={fieldError(form, 'email')}
          {...form.register('email')}
        />
        <Checkbox label={trans('Email verified')} {...form.register('email_verified')} />
        <div>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {trans('Save')}
          </Button>
        </div>
      </form>
      <section aria-labelledby="danger-title" className="rounded-xl border border-danger/40 p-4">
        <h2 id="danger-title" className="font-semibold">
          {trans('Delete account')}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          {trans('The account, its playlists, comments and uploads are deleted for good.')}
        </p>
        <Button
          variant="danger"
          size="sm"
          className="mt-3"
          onClick={async () => {
            if (await confirmDelete([user.id], [user.name])) void navigate('/admin/users');
          }}
        >
          {trans('Delete user')}
        </Button>
      </section>
    </div>
  );
}
