import { useNavigate } from 'react-router';
import { createUserSchema, usersResource, type AdminUser } from '@backbeat/common/admin/people';
import { createAdminUser } from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { applyServerErrors, fieldError, useSchemaForm } from '../../../ui/forms.ts';
import { Checkbox, TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { ResourceIndex } from '../resources/resource-index.tsx';
import { RolePicker } from './role-picker.tsx';
import { useAllRoles } from '../roles/queries.ts';

/** Admin users (spec 2 §2 users, users.update): search, filters by role, suspension, email. */
export function UsersIndexPage() {
  const trans = useTrans();
  const roles = useAllRoles();
  return (
    <ResourceIndex<AdminUser>
      resource={usersResource}
      title={trans('Users')}
      rowLabel={(user) => user.name}
      columns={[
        {
          key: 'name',
          header: trans('Name'),
          cell: (user) => (
            <span className="flex items-center gap-3">
              <Avatar name={user.name} image={user.image} id={user.id} size={32} />
              <span className="flex min-w-0 flex-col">
                <span className="truncate font-medium">{user.name}</span>
                <span className="truncate text-xs text-fg-muted">{user.email}</span>
              </span>
            </span>
          ),
        },
        {
          key: 'roles',
          header: trans('Roles'),
          wide: true,
          cell: (user) => user.roles.map((role) => role.name).join(', '),
        },
        {
          key: 'banned_at',
          header: trans('Status'),
          cell: (user) =>
            user.banned_at ? (
              <span className="font-medium text-danger">{trans('Suspended')}</span>
            ) : user.email_verified_at ? (
              trans('Active')
            ) : (
              trans('Not verified')
            ),
        },
        {
          key: 'created_at',
          header: trans('Joined'),
          wide: true,
          cell: (user) => new Date(user.created_at).toLocaleDateString(),
        },
      ]}
      filters={{
        role: {
          label: trans('Role'),
          options: Object.fromEntries((roles.data ?? []).map((r) => [String(r.id), r.name])),
        },
        banned: { label: trans('Suspended'), options: { yes: trans('Yes'), no: trans('No') } },
        verified: {
          label: trans('Email verified'),
          options: { yes: trans('Yes'), no: trans('No') },
        },
      }}
      labels={{
        create: trans('New user'),
        empty: trans('No users match.'),
        search: trans('Search users'),
        deleted: trans('Users deleted'),
      }}
    />
  );
}

/** Creates an account with a password, roles and whether its email counts as verified. */
export function NewUserPage() {
  const trans = useTrans();
  const navigate = useNavigate();
  const form = useSchemaForm(createUserSchema, {
    email: '',
    password: '',
    name: '',
    roles: [],
    email_verified: true,
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const { user } = await api(createAdminUser, values);
      toast(trans('User created'));
      void navigate(`/admin/users/${user!.id}`);
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  return (
    <section aria-labelledby="new-user-title" className="mx-auto w-full max-w-xl px-4 py-6">
      <h1 id="new-user-title" className="mb-6 text-2xl font-semibold">
        {trans('New user')}
      </h1>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <TextField
          label={trans('Email')}
          type="email"
          error={fieldError(form, 'email')}
          {...form.register('email')}
        />
        <TextField
          label={trans('Password')}
          type="password"
          autoComplete="new-password"
          error={fieldError(form, 'password')}
          {...form.register('password')}
        />
        <TextField
          label={trans('Name')}
          error={fieldError(form, 'name')}
          {...form.register('name')}
        />
        <RolePicker
          value={form.watch('roles') ?? []}
          onChange={(roles) => form.setValue('roles', roles)}
          error={fieldError(form, 'roles')}
        />
        <Checkbox label={trans('Email verified')} {...form.register('email_verified')} />
        <div className="flex justify-end">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {trans('Create user')}
          </Button>
        </div>
      </form>
    </section>
  );
}
