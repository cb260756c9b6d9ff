import { useId } from 'react';
import { PERMISSION_DEFINITIONS, type Permission } from '@backbeat/common';
import { useTrans } from '../../../lib/translator.ts';
import { useCannotGive } from './giveable.ts';

const GROUPS = [...new Set(PERMISSION_DEFINITIONS.map((p) => p.group))];

/**
 * Permissions grouped by area (common/permissions.ts), each with its restriction values when
 * it has any (a quota: empty means no cap). Used by the role form and the user's own grants.
 */
export function PermissionPicker({
  value,
  onChange,
  error,
}: {
  value: Permission[];
  onChange: (permissions: Permission[]) => void;
  error?: string;
}) {
  const trans = useTrans();
  const id = useId();
  const granted = new Map(value.map((p) => [p.name, p]));
  const cannotGive = useCannotGive();

  const toggle = (name: string, on: boolean) =>
    onChange(
      on
        ? [...value, { name, restrictions: [] }]
        : value.filter((permission) => permission.name !== name),
    );
  const restrict = (name: string, restriction: string, raw: string) =>
    onChange(
      value.map((permission) =>
        permission.name !== name
          ? permission
          : {
              ...permission,
              restrictions: [
                ...permission.restrictions.filter((r) => r.name !== restriction),
                ...(raw.trim() === '' ? [] : [{ name: restriction, value: raw.trim() }]),
              ],
            },
      ),
    );

  return (
    <div className="flex flex-col gap-4">
      {GROUPS.map((group) => (
        <fieldset key={group} className="rounded-xl border border-border p-4">
          <legend className="px-1 text-sm font-semibold capitalize">{trans(group)}</legend>
          <ul className="flex flex-col gap-3">
            {PERMISSION_DEFINITIONS.filter((p) => p.group === group).map((definition) => {
              const grant = granted.get(definition.name);
              // What one does not hold can be taken away here, never given (issue 35).
              const locked = !grant && cannotGive([definition.name]).length > 0;
              return (
                <li key={definition.name} className="flex flex-col gap-2">
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 accent-[rgb(var(--be-primary))]"
                      checked={!!grant}
                      disabled={locked}
                      onChange={(event) => toggle(definition.name, event.target.checked)}
                    />
                    <span className={locked ? 'opacity-60' : undefined}>
                      <span className="font-mono text-xs">{definition.name}</span>
                      <span className="block text-fg-muted">{trans(definition.description)}</span>
                      {locked && (
                        <span className="block text-xs text-fg-muted">
                          {trans('Only someone who holds this permission can grant it.')}
                        </span>
                      )}
                    </span>
                  </label>
                  {grant &&
                    definition.restrictions?.map((restriction) => {
                      const inputId = `${id}-${definition.name}-${restriction.name}`;
                      const current = grant.restrictions.find((r) => r.name === restriction.name);
                      return (
                        <div key={restriction.name} className="ml-6 flex flex-col gap-1">
                          <label htmlFor={inputId} className="text-xs font-medium">
                            {trans(restriction.description)}
                          </label>
                          <input
                            id={inputId}
                            inputMode="numeric"
                            placeholder={trans('No limit')}
                            value={current?.value === null ? '' : String(current?.value ?? '')}
                            onChange={(event) =>
                              restrict(definition.name, restriction.name, event.target.value)
                            }
                            className="h-[32px] w-40 rounded-lg border border-border bg-bg-elevated px-2 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/40"
                          />
                        </div>
                      );
                    })}
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
