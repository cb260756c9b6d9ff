import { useState } from 'react';
import type { Permission } from '@backbeat/common';
import type { AdminUser } from '@backbeat/common/admin/people';
import { updateAdminUser } from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { errorMessage, fieldErrors } from '../../../lib/api-error.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { PermissionPicker } from '../roles/permission-picker.tsx';
import { RolePicker } from './role-picker.tsx';
import { useUserAction } from './queries.ts';

/** The user's roles and their own grants (with restriction values), saved together. */
export function UserPermissionsTab({ user }: { user: AdminUser }) {
  const trans = useTrans();
  const [roles, setRoles] = useState(user.roles.map((role) => role.id));
  const [permissions, setPermissions] = useState<Permission[]>(user.permissions);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useUserAction(user.id, () =>
    api(updateAdminUser, { id: user.id, roles, permissions }),
  );
  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={async (event) => {
        event.preventDefault();
        setErrors({});
        try {
          await save.mutateAsync(undefined);
          toast(trans('Permissions saved'));
        } catch (error) {
          const fields = fieldErrors(error);
          setErrors(fields);
          // The last-admin rule answers with a message, not a field.
          if (!Object.keys(fields).length) toast.danger(trans(errorMessage(error)));
        }
      }}
    >
      <RolePicker value={roles} onChange={setRoles} error={errors.roles} />
      <div>
        <h2 className="mb-2 text-sm font-medium">{trans('Own permissions')}</h2>
        <p className="mb-3 text-sm text-fg-muted">
          {trans('Granted to this user besides their roles; these restriction values win.')}
        </p>
        <PermissionPicker
          value={permissions}
          onChange={setPermissions}
          error={Object.entries(errors).find(([key]) => key.startsWith('permissions'))?.[1]}
        />
      </div>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {trans('Save')}
        </Button>
      </div>
    </form>
  );
}
