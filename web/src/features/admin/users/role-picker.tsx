import { useTrans } from '../../../lib/translator.ts';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useCannotGive } from '../roles/giveable.ts';
import { useAllRoles } from '../roles/queries.ts';

/** The user's roles as a group of checkboxes. */
export function RolePicker({
  value,
  onChange,
  error,
}: {
  value: number[];
  onChange: (roles: number[]) => void;
  error?: string;
}) {
  const trans = useTrans();
  const roles = useAllRoles();
  const cannotGive = useCannotGive();
  return (
    <fieldset className="flex flex-col gap-2" aria-invalid={!!error}>
      <legend className="mb-1 text-sm font-medium">{trans('Roles')}</legend>
      {roles.isPending && <Skeleton className="h-16 w-full" />}
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {(roles.data ?? []).map((role) => {
          const checked = value.includes(role.id);
          // A role granting what the signed-in staff lacks can be taken away, not given.
          const locked = !checked && cannotGive(role.permissions.map((p) => p.name)).length > 0;
          return (
            <label
              key={role.id}
              className={`inline-flex items-center gap-2 text-sm ${locked ? 'opacity-60' : ''}`}
              title={
                locked ? trans('Only someone who holds this permission can grant it.') : undefined
              }
            >
              <input
                type="checkbox"
                className="size-4 accent-[rgb(var(--be-primary))]"
                checked={checked}
                disabled={locked}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...value, role.id]
                      : value.filter((id) => id !== role.id),
                  )
                }
              />
              {role.name}
            </label>
          );
        })}
      </div>
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
