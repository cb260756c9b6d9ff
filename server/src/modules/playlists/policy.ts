import { canModifyInWorkspace, type WorkspaceScope } from '../workspaces/scope.ts';

/** The columns a playlist's rules look at. */
export interface PlaylistAccessRow {
  owner_id: number | null;
  workspace_id: number | null;
  is_collaborative: number;
}

/**
 * Who may do what with a playlist. Its settings (name, description, privacy, image,
 * collaboration and editors) and deletion belong to whoever may change it in the active
 * workspace; its tracks also to the editors they invited, while it is collaborative. An
 * invitation is personal, so an editor edits from whichever workspace is active.
 */
export const PlaylistPolicy = {
  update: (scope: WorkspaceScope, row: PlaylistAccessRow): boolean =>
    canModifyInWorkspace(scope, row),

  editTracks: (scope: WorkspaceScope, row: PlaylistAccessRow, isEditor: boolean): boolean =>
    PlaylistPolicy.update(scope, row) || (row.is_collaborative === 1 && isEditor),
};
