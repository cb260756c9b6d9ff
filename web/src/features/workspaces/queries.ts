import { useQuery } from '@tanstack/react-query';
import { DEFAULT_WORKSPACE } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-error.ts';
import { useBootstrapStore } from '../../lib/bootstrap.ts';
import { queryClient } from '../../lib/query-client.ts';
import { trans } from '../../lib/translator.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { notificationKeys } from '../notifications/queries.ts';
import { setActiveWorkspace } from './active-workspace.ts';

export const workspaceKeys = {
  all: ['workspaces'] as const,
  details: (id: number) => ['workspaces', id] as const,
};

export function useWorkspaceQuery(id: number) {
  return useQuery({
    queryKey: workspaceKeys.details(id),
    queryFn: async () => (await api(endpoints.getWorkspace, { workspaceId: id })).workspace,
  });
}

/** Reloads the switcher's list (after a change here or, live, elsewhere). */
export async function refreshWorkspaces(): Promise<void> {
  const { workspaces } = await api(endpoints.listWorkspaces);
  useBootstrapStore.getState().patch({ workspaces: [{ ...DEFAULT_WORKSPACE }, ...workspaces] });
  await queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
}

/** Spec §8: a 404 on join or decline refreshes notifications and says the invite is gone. */
async function inviteGone(error: unknown): Promise<void> {
  if (error instanceof ApiError && error.status === 404) {
    toast.danger(trans('This invite is no longer valid'));
    await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    return;
  }
  toast.danger(trans(errorMessage(error)));
}

/** Spec §4: joining accepts the invite and makes the joined workspace active. */
export async function joinWorkspace(inviteId: string): Promise<boolean> {
  try {
    const { workspace } = await api(endpoints.joinWorkspace, { inviteId });
    await refreshWorkspaces();
    setActiveWorkspace(workspace.id);
    toast(trans('Joined workspace'));
    return true;
  } catch (error) {
    await inviteGone(error);
    return false;
  } finally {
    await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  }
}

export async function declineWorkspaceInvite(inviteId: string): Promise<boolean> {
  try {
    await api(endpoints.declineWorkspaceInvite, { inviteId });
    toast(trans('Declined workspace invitation'));
    await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    return true;
  } catch (error) {
    await inviteGone(error);
    return false;
  }
}
