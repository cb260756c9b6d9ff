import { create } from 'zustand';
import { DEFAULT_COOKIE_DAYS, WORKSPACE_COOKIE, type WorkspaceSummary } from '@backbeat/common';
import { useBootstrapStore } from '../../lib/bootstrap.ts';
import { readCookie, writeCookie } from '../../lib/cookies.ts';
import { queryClient } from '../../lib/query-client.ts';

/**
 * The active workspace (spec §4): kept in the activeWorkspaceId cookie for 7 days, 0 is the
 * personal "Default" workspace. The HTTP client sends it as `workspaceId` (DESIGN §5).
 */
interface ActiveWorkspaceState {
  id: number;
}

const fromCookie = () => {
  const id = Number(readCookie(WORKSPACE_COOKIE) ?? 0);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

export const useActiveWorkspaceStore = create<ActiveWorkspaceState>(() => ({ id: fromCookie() }));

export const useActiveWorkspaceId = () => useActiveWorkspaceStore((s) => s.id);

/** Makes a workspace active; content of the previous one is dropped from the cache. */
export function setActiveWorkspace(id: number): void {
  writeCookie(WORKSPACE_COOKIE, String(id), DEFAULT_COOKIE_DAYS);
  if (useActiveWorkspaceStore.getState().id === id) return;
  useActiveWorkspaceStore.setState({ id });
  void queryClient.resetQueries();
}

/** The active workspace as listed in the bootstrap data (Default when it is not there). */
export function useActiveWorkspace(): WorkspaceSummary | null {
  const id = useActiveWorkspaceId();
  const workspaces = useBootstrapStore((s) => s.data.workspaces);
  return workspaces.find((w) => w.id === id) ?? workspaces[0] ?? null;
}

/**
 * A workspace the user no longer belongs to (removed, deleted, logged out, another account)
 * must not stay active, or every call would name it: fall back to Default.
 */
function keepActiveWorkspaceValid(workspaces: WorkspaceSummary[], loggedIn: boolean) {
  const { id } = useActiveWorkspaceStore.getState();
  if (id !== 0 && (!loggedIn || !workspaces.some((w) => w.id === id))) setActiveWorkspace(0);
}

keepActiveWorkspaceValid(
  useBootstrapStore.getState().data.workspaces,
  !!useBootstrapStore.getState().data.user,
);
useBootstrapStore.subscribe((state, previous) => {
  if (state.data.workspaces !== previous.data.workspaces || state.data.user !== previous.data.user)
    keepActiveWorkspaceValid(state.data.workspaces, !!state.data.user);
});
