import { useQueryClient } from '@tanstack/react-query';
import type { WorkspaceDetails } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { openDialog } from '../../ui/dialog/dialog-store.ts';
import { Icon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { setActiveWorkspace } from './active-workspace.ts';
import { InviteForm } from './invite-form.tsx';
import { refreshWorkspaces, useWorkspaceQuery, workspaceKeys } from './queries.ts';
import { ConfirmDialog, WorkspaceFormDialog } from './workspace-form-dialog.tsx';
import { WorkspaceMembers } from './workspace-members.tsx';

/** The active workspace's people and settings: invite, roles, rename, leave, delete. */
export function ManageWorkspaceDialog({ id, close }: { id: number; close: () => void }) {
  const trans = useTrans();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const query = useWorkspaceQuery(id);
  const workspace = query.data;

  const update = (next: WorkspaceDetails) =>
    queryClient.setQueryData(workspaceKeys.details(id), next);
  const reload = async () => {
    await query.refetch();
    await refreshWorkspaces();
  };

  const rename = async () => {
    if (!workspace) return;
    const renamed = await openDialog<WorkspaceDetails>((done) => (
      <WorkspaceFormDialog workspace={workspace} close={done} />
    ));
    if (renamed) update(renamed);
  };

  const leaveOrDelete = async (remove: boolean) => {
    if (!workspace || !user) return;
    const sure = await openDialog<boolean>((done) => (
      <ConfirmDialog
        title={trans(remove ? 'Delete workspace?' : 'Leave workspace?')}
        body={trans(
          remove
            ? 'The workspace and everything in it are deleted for every member. This cannot be undone.'
            : 'You will lose access to everything in :name until someone invites you again.',
          { name: workspace.name },
        )}
        confirm={trans(remove ? 'Delete' : 'Leave')}
        close={done}
      />
    ));
    if (!sure) return;
    try {
      await (remove
        ? api(endpoints.deleteWorkspace, { workspaceId: id })
        : api(endpoints.removeWorkspaceMember, { workspaceId: id, userId: user.id }));
      setActiveWorkspace(0);
      await refreshWorkspaces();
      toast(trans(remove ? 'Workspace deleted' : 'Left workspace'));
      close();
    } catch (error) {
      toast.danger(trans(errorMessage(error)));
    }
  };

  return (
    <Dialog title={workspace?.name ?? trans('Workspace')} size="lg">
      {query.isPending && (
        <div className="flex justify-center py-10" role="status" aria-label={trans('Loading...')}>
          <Spinner />
        </div>
      )}
      {query.error && !workspace && (
        <p role="alert" className="py-6 text-sm text-danger">
          {trans(errorMessage(query.error))}
        </p>
      )}
      {workspace && (
        <div className="flex flex-col gap-6">
          {workspace.abilities.invite && <InviteForm workspace={workspace} onInvited={update} />}
          <WorkspaceMembers workspace={workspace} onChanged={reload} />
          <div className="flex flex-wrap justify-end gap-2 border-t border-border pt-4">
            {workspace.abilities.update && (
              <Button variant="outline" size="sm" onClick={() => void rename()}>
                <Icon name="edit" size={16} />
                {trans('Rename')}
              </Button>
            )}
            {workspace.abilities.leave && (
              <Button variant="outline" size="sm" onClick={() => void leaveOrDelete(false)}>
                <Icon name="logout" size={16} />
                {trans('Leave workspace')}
              </Button>
            )}
            {workspace.abilities.delete && (
              <Button variant="danger" size="sm" onClick={() => void leaveOrDelete(true)}>
                <Icon name="delete" size={16} />
                {trans('Delete workspace')}
              </Button>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
