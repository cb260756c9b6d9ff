import { useTrans } from '../../../lib/translator.ts';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useAllRoles } from './queries.ts';

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
  return (
    <fieldset className="flex flex-col gap-2" aria-invalid={!!error}>
      <legend className="mb-1 text-sm font-medium">{trans('Roles')}</legend>
      {roles.isPending && <Skeleton className="h-16 w-full" />}
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {(roles.data ?? []).map((role) => (
          <label key={role.id} className="inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-[rgb(var(--be-primary))]"
              checked={value.includes(role.id)}
              onChange={(event) =>
                onChange(
                  event.target.checked ? [...value, role.id] : value.filter((id) => id !== role.id),
                )
              }
            />
            {role.name}
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
