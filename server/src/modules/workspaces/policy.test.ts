import { describe, expect, it } from 'vitest';
import { WorkspacePolicy } from './policy.ts';
import { canModifyInWorkspace } from './scope.ts';

describe('WorkspacePolicy', () => {
  it('gives the owner everything but leaving, admins people and the name, members nothing', () => {
    expect(WorkspacePolicy.abilities('owner')).toEqual({
      update: true,
      delete: true,
      invite: true,
      assignRoles: ['admin', 'member'],
      leave: false,
    });
    expect(WorkspacePolicy.abilities('admin')).toEqual({
      update: true,
      delete: false,
      invite: true,
      assignRoles: ['member'],
      leave: true,
    });
    expect(WorkspacePolicy.abilities('member')).toEqual({
      update: false,
      delete: false,
      invite: false,
      assignRoles: [],
      leave: true,
    });
  });

  it('never lets anyone manage the owner; admins manage members only', () => {
    expect(WorkspacePolicy.manage('owner', 'owner')).toBe(false);
    expect(WorkspacePolicy.manage('owner', 'admin')).toBe(true);
    expect(WorkspacePolicy.manage('admin', 'admin')).toBe(false);
    expect(WorkspacePolicy.manage('admin', 'member')).toBe(true);
    expect(WorkspacePolicy.manage('member', 'member')).toBe(false);
  });
});

describe('canModifyInWorkspace', () => {
  const row = (workspace_id: number | null, owner_id: number) => ({ workspace_id, owner_id });

  it('lets only the creator change personal content, and only from the personal workspace', () => {
    const me = { workspaceId: 0, userId: 1, role: 'owner' as const };
    expect(canModifyInWorkspace(me, row(null, 1))).toBe(true);
    expect(canModifyInWorkspace(me, row(null, 2))).toBe(false);
    expect(canModifyInWorkspace(me, row(5, 1))).toBe(false);
  });

  it('lets members change their own workspace content, admins and the owner anyone’s', () => {
    expect(canModifyInWorkspace({ workspaceId: 5, userId: 1, role: 'member' }, row(5, 1))).toBe(
      true,
    );
    expect(canModifyInWorkspace({ workspaceId: 5, userId: 1, role: 'member' }, row(5, 2))).toBe(
      false,
    );
    expect(canModifyInWorkspace({ workspaceId: 5, userId: 1, role: 'admin' }, row(5, 2))).toBe(
      true,
    );
    expect(canModifyInWorkspace({ workspaceId: 6, userId: 1, role: 'owner' }, row(5, 1))).toBe(
      false,
    );
  });
});
