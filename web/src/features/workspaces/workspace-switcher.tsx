import clsx from 'clsx';
import { hasPermission, type WorkspaceDetails } from '@backbeat/common';
import { useBootstrap, useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans, useTransChoice } from '../../lib/translator.ts';
import { openDialog } from '../../ui/dialog/dialog-store.ts';
import { Icon } from '../../ui/icons.tsx';
import {
  setActiveWorkspace,
  useActiveWorkspace,
} from '../../entities/workspaces/active-workspace.ts';

const itemClass =
  'flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm text-fg hover:bg-bg-hover focus-visible:bg-bg-hover focus-visible:outline-none';

/**
 * The workspace switcher (spec §4), a section of the account menu: pick the active
 * workspace, create one, or manage the active one.
 */
export function WorkspaceSwitcher({ onDone }: { onDone: () => void }) {
  const trans = useTrans();
  const transChoice = useTransChoice();
  const user = useCurrentUser();
  const workspaces = useBootstrap((d) => d.workspaces);
  const active = useActiveWorkspace();
  const canCreate = !!user && hasPermission({ user, guestPermissions: [] }, 'workspaces.create');
  if (!user) return null;

  // The dialogs (forms, zod) load on demand, so they stay out of a listener's first download.
  const create = async () => {
    onDone();
    const { WorkspaceFormDialog } =
      await import('../../entities/workspaces/workspace-form-dialog.tsx');
    const created = await openDialog<WorkspaceDetails>((close) => (
      <WorkspaceFormDialog close={close} />
    ));
    if (created) setActiveWorkspace(created.id);
  };
  const manage = async () => {
    onDone();
    if (!active || active.id === 0) return;
    const { ManageWorkspaceDialog } = await import('./manage-workspace-dialog.tsx');
    void openDialog((close) => <ManageWorkspaceDialog id={active.id} close={close} />);
  };

  return (
    <div role="group" aria-label={trans('Workspaces')} className="border-b border-border py-1">
      <p className="px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">
        {trans('Workspaces')}
      </p>
      <div className="max-h-64 overflow-y-auto">
        {workspaces.map((workspace) => {
          const selected = workspace.id === (active?.id ?? 0);
          return (
            <button
              key={workspace.id}
              type="button"
              role="menuitemradio"
              aria-checked={selected}
              onClick={() => {
                setActiveWorkspace(workspace.id);
                onDone();
              }}
              className={clsx(itemClass, selected && 'font-semibold')}
            >
              <Icon
                name={workspace.id === 0 ? 'person' : 'group'}
                size={20}
                className="text-fg-muted"
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate">
                  {workspace.id === 0 ? trans(workspace.name) : workspace.name}
                </span>
                <span className="block text-xs font-normal text-fg-muted">
                  {transChoice(':count member|:count members', workspace.members_count)}
                </span>
              </span>
              {selected && <Icon name="check" size={18} className="text-primary" />}
            </button>
          );
        })}
      </div>
      {active && active.id !== 0 && (
        <button type="button" role="menuitem" onClick={() => void manage()} className={itemClass}>
          <Icon name="personAdd" size={20} className="text-fg-muted" />
          {trans('Manage workspace')}
        </button>
      )}
      {canCreate && (
        <button type="button" role="menuitem" onClick={() => void create()} className={itemClass}>
          <Icon name="add" size={20} className="text-fg-muted" />
          {trans('Create workspace')}
        </button>
      )}
    </div>
  );
}
