import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { MenuItem } from '@backbeat/common';
import { listAdminRoles } from '@backbeat/common/contracts';
import { NotFoundPage } from '../../../entities/errors/error-pages.tsx';
import { api } from '../../../lib/api.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { Checkbox, TextField } from '../../../ui/text-field.tsx';
import { useAppearanceEditor } from './editor-store.ts';
import { DraftTextField, SectionBody, SectionHeader, useDraftField } from './fields.tsx';

const selectClass = 'h-9 rounded-lg border border-border bg-bg-elevated px-2 text-sm';

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: [value: string, label: string][];
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1.5 text-sm font-medium">
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)} className={selectClass}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * `menus/{menuIndex}/{menuItemIndex}`: an item's label, where it leads (a route of this site
 * or a link), how it opens, its icon, and who sees it (roles, permissions, subscription).
 */
export function MenuItemSection() {
  const trans = useTrans();
  const navigate = useNavigate();
  const params = useParams();
  const path = ['settings', 'menus', Number(params.menuIndex), 'items'];
  const index = Number(params.menuItemIndex);
  const [items, setItems] = useDraftField<MenuItem[] | undefined>(path);
  const roles = useQuery({
    queryKey: ['admin', 'roles', 'for-menus'],
    queryFn: async () => (await api(listAdminRoles, { perPage: 100 })).pagination.data,
  });
  const draftLoaded = useAppearanceEditor((s) => s.draft !== null);
  const item = items?.[index];
  if (!draftLoaded || !items || !item) return <NotFoundPage />;
  const set = (patch: Partial<MenuItem>) =>
    setItems(items.map((entry, i) => (i === index ? { ...entry, ...patch } : entry)));
  const here = [...path, index];
  return (
    <SectionBody>
      <SectionHeader title={trans(item.label)} back=".." />
      <DraftTextField path={[...here, 'label']} label={trans('Label')} />
      <Select
        label={trans('Type')}
        value={item.type}
        options={[
          ['route', trans('A page of this site')],
          ['link', trans('A web address')],
        ]}
        onChange={(type) => set({ type: type as MenuItem['type'] })}
      />
      <DraftTextField
        path={[...here, 'action']}
        label={item.type === 'route' ? trans('Path') : trans('Address')}
        description={item.type === 'route' ? '/library' : 'https://example.com'}
      />
      <Select
        label={trans('Opens')}
        value={item.target ?? '_self'}
        options={[
          ['_self', trans('In the same tab')],
          ['_blank', trans('In a new tab')],
        ]}
        onChange={(target) => set({ target: target as MenuItem['target'] })}
      />
      <DraftTextField path={[...here, 'icon']} label={trans('Icon')} nullable />
      <Select
        label={trans('Shown to')}
        value={item.subscriptionStatus ?? ''}
        options={[
          ['', trans('Everyone')],
          ['subscribed', trans('Subscribers')],
          ['notSubscribed', trans('People without a subscription')],
        ]}
        onChange={(status) =>
          set({ subscriptionStatus: (status || null) as MenuItem['subscriptionStatus'] })
        }
      />
      <TextField
        label={trans('Permissions needed')}
        description={trans('Separate them with commas, like music.play.')}
        value={(item.permissions ?? []).join(', ')}
        onChange={(e) =>
          set({
            permissions: e.target.value
              .split(/[\s,]+/)
              .map((p) => p.trim())
              .filter(Boolean),
          })
        }
        size="sm"
      />
      {roles.data && roles.data.length > 0 && (
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1 text-sm font-semibold">{trans('Only for these roles')}</legend>
          {roles.data.map((role) => (
            <Checkbox
              key={role.id}
              label={role.name}
              checked={(item.roles ?? []).includes(role.id)}
              onChange={(e) =>
                set({
                  roles: e.target.checked
                    ? [...(item.roles ?? []), role.id]
                    : (item.roles ?? []).filter((id) => id !== role.id),
                })
              }
            />
          ))}
        </fieldset>
      )}
      <Button
        variant="text"
        size="sm"
        className="w-fit text-danger"
        onClick={() => {
          setItems(items.filter((_, i) => i !== index));
          void navigate('..', { relative: 'path' });
        }}
      >
        {trans('Remove this item')}
      </Button>
    </SectionBody>
  );
}
