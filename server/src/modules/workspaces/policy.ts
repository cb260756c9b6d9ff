import type { AssignableWorkspaceRole, WorkspaceAbilities, WorkspaceRole } from '@backbeat/common';

/**
 * Who may do what inside a workspace, decided by role alone. The owner (its creator) runs
 * it; admins help with people and the name; members use it. The same answers go to the
 * client as `abilities`, so the UI shows exactly what the server allows.
 */
export const WorkspacePolicy = {
  update: (role: WorkspaceRole) => role === 'owner' || role === 'admin',
  delete: (role: WorkspaceRole) => role === 'owner',
  invite: (role: WorkspaceRole) => role === 'owner' || role === 'admin',
  /** Roles `role` may give to someone else, by invite or change. */
  assignableRoles(role: WorkspaceRole): AssignableWorkspaceRole[] {
    if (role === 'owner') return ['admin', 'member'];
    if (role === 'admin') return ['member'];
    return [];
  },
  /** Whether `role` may remove or re-role a member holding `target`. */
  manage(role: WorkspaceRole, target: WorkspaceRole): boolean {
    if (target === 'owner') return false;
    if (role === 'owner') return true;
    return role === 'admin' && target === 'member';
  },
  /** The owner cannot leave: they delete the workspace instead. */
  leave: (role: WorkspaceRole) => role !== 'owner',
  /**
   * Content inside a workspace (a playlist…): its creator may change it, and so may the
   * workspace's owner and admins.
   */
  modifyContent(role: WorkspaceRole, isCreator: boolean): boolean {
    return isCreator || role === 'owner' || role === 'admin';
  },

  abilities(role: WorkspaceRole): WorkspaceAbilities {
    return {
      update: WorkspacePolicy.update(role),
      delete: WorkspacePolicy.delete(role),
      invite: WorkspacePolicy.invite(role),
      assignRoles: WorkspacePolicy.assignableRoles(role),
      leave: WorkspacePolicy.leave(role),
    };
  },
};
