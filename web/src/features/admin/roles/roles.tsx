import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Permission } from '@backbeat/common';
import { rolesResource, type AdminRole } from '@backbeat/common/admin/people';
import { fieldErrors, errorMessage } from '../../../lib/api-error.ts';
import { useTrans, useTransChoice } from '../../../lib/translator.ts';
import { Button, buttonClass } from '../../../ui/button.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { Checkbox, TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { NotFoundPage } from '../../../entities/errors/error-pages.tsx';
import { useResourceRow, useSaveResource } from '../resources/queries.ts';
import { ResourceIndex } from '../resources/resource-index.tsx';
import { PermissionPicker } from './permission-picker.tsx';

/** Admin roles (spec 2 §2 roles, roles.update). */
export function RolesIndexPage() {
  const trans = useTrans();
  const choice = useTransChoice();
  return (
    <ResourceIndex<AdminRole>
      resource={rolesResource}
      title={trans('Roles')}
      rowLabel={(role) => role.name}
      editPath={(role) => `${role.id}/edit`}
      columns={[
        { key: 'name', header: trans('Name') },
        {
          key: 'users_count',
          header: trans('Users'),
          cell: (role) => choice(':count user|:count users', role.users_count),
        },
        {
          key: 'is_default',
          header: trans('Given to'),
          wide: true,
          cell: (role) =>
            [role.is_default && trans('New users'), role.is_guest && trans('Guests')]
              .filter(Boolean)
              .join(', '),
        },
        {
          key: 'permissions',
          header: trans('Permissions'),
          wide: true,
          cell: (role) => choice(':count permission|:count permissions', role.permissions.length),
        },
      ]}
      filters={{
        default: {
          label: trans('New users get it'),
          options: { yes: trans('Yes'), no: trans('No') },
        },
      }}
      labels={{
        create: trans('New role'),
        empty: trans('No roles match.'),
        search: trans('Search roles'),
        deleted: trans('Roles deleted'),
      }}
    />
  );
}

/** roles/new and roles/{roleId}/edit: name, who gets it, permissions with restriction values. */
export function RoleFormPage() {
  const { id } = useParams();
  const roleId = id === undefined ? null : Number(id);
  const valid = roleId === null || (Number.isInteger(roleId) && roleId > 0);
  const row = useResourceRow<AdminRole>(rolesResource, valid ? roleId : null);
  if (!valid) return <NotFoundPage />;
  if (roleId === null) return <RoleForm />;
  if (row.isPending) return <Skeleton className="m-6 h-64" />;
  if (row.isError) return <NotFoundPage />;
  return <RoleForm role={row.data} key={row.data.id} />;
}

function RoleForm({ role }: { role?: AdminRole }) {
  const trans = useTrans();
  const navigate = useNavigate();
  const save = useSaveResource<AdminRole>(rolesResource);
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [isDefault, setDefault] = useState(role?.is_default ?? false);
  const [isGuest, setGuest] = useState(role?.is_guest ?? false);
  const [permissions, setPermissions] = useState<Permission[]>(role?.permissions ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});

  return (
    <section aria-labelledby="role-title" className="mx-auto w-full max-w-3xl px-4 py-6">
      <h1 id="role-title" className="mb-6 text-2xl font-semibold">
        {role ? trans('Edit ":name"', { name: role.name }) : trans('New role')}
      </h1>
      <form
        noValidate
        className="flex flex-col gap-5"
        onSubmit={async (event) => {
          event.preventDefault();
          setErrors({});
          try {
            await save.mutateAsync({
              id: role?.id ?? null,
              values: { name, description, is_default: isDefault, is_guest: isGuest, permissions },
            });
            toast(trans('Role saved'));
            void navigate('/admin/roles');
          } catch (error) {
            const fields = fieldErrors(error);
            setErrors(fields);
            if (!Object.keys(fields).length) toast.danger(trans(errorMessage(error)));
          }
        }}
      >
        <TextField
          label={trans('Name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
        />
        <TextField
          label={trans('Description')}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={errors.description}
        />
        <div className="flex flex-wrap gap-6">
          <Checkbox
            label={trans('Give to new users')}
            checked={isDefault}
            onChange={(event) => setDefault(event.target.checked)}
          />
          <Checkbox
            label={trans('Permissions of guests (not logged in)')}
            checked={isGuest}
            onChange={(event) => setGuest(event.target.checked)}
          />
        </div>
        <PermissionPicker
          value={permissions}
          onChange={setPermissions}
          error={Object.entries(errors).find(([key]) => key.startsWith('permissions'))?.[1]}
        />
        <div className="flex justify-end gap-2">
          <Link to="/admin/roles" className={buttonClass('text', 'md')}>
            {trans('Cancel')}
          </Link>
          <Button type="submit" disabled={save.isPending}>
            {trans('Save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
