import { sql } from 'kysely';
import type { WorkspaceRole } from '@backbeat/common';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';

export type WorkspacesRepository = ReturnType<typeof createWorkspacesRepository>;

const membersCount = sql<number>`(select count(*) from workspace_members m where m.workspace_id = workspaces.id)`;

export function createWorkspacesRepository(db: Db) {
  return {
    /** Creates the workspace with its creator as owner, in one transaction. */
    async create(name: string, ownerId: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const now = nowIso();
        const { id } = await trx
          .insertInto('workspaces')
          .values({ name, owner_id: ownerId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('workspace_members')
          .values({ workspace_id: id, user_id: ownerId, role: 'owner', created_at: now })
          .execute();
        return id;
      });
    },

    async idsOwnedBy(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('workspaces')
        .select('id')
        .where('owner_id', '=', userId)
        .execute();
      return rows.map((r) => r.id);
    },

    async rename(id: number, name: string): Promise<void> {
      await db
        .updateTable('workspaces')
        .set({ name, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('workspaces').where('id', '=', id).execute();
    },

    /** The workspace as the member sees it, or undefined when they are not a member. */
    async findForMember(id: number, userId: number) {
      return db
        .selectFrom('workspaces')
        .innerJoin('workspace_members as me', (join) =>
          join.onRef('me.workspace_id', '=', 'workspaces.id').on('me.user_id', '=', userId),
        )
        .select([
          'workspaces.id',
          'workspaces.name',
          'workspaces.owner_id',
          'workspaces.created_at',
          'me.role',
          membersCount.as('members_count'),
        ])
        .where('workspaces.id', '=', id)
        .executeTakeFirst();
    },

    async listForUser(userId: number) {
      return db
        .selectFrom('workspaces')
        .innerJoin('workspace_members as me', 'me.workspace_id', 'workspaces.id')
        .select(['workspaces.id', 'workspaces.name', 'me.role', membersCount.as('members_count')])
        .where('me.user_id', '=', userId)
        .orderBy('workspaces.name')
        .orderBy('workspaces.id')
        .execute();
    },

    async roleOf(workspaceId: number, userId: number): Promise<WorkspaceRole | null> {
      const row = await db
        .selectFrom('workspace_members')
        .select('role')
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.role ?? null;
    },

    async members(workspaceId: number) {
      return db
        .selectFrom('workspace_members')
        .innerJoin('users', 'users.id', 'workspace_members.user_id')
        .select([
          'users.id',
          'users.name',
          'users.email',
          'users.image',
          'workspace_members.role',
          'workspace_members.created_at as joined_at',
        ])
        .where('workspace_members.workspace_id', '=', workspaceId)
        .orderBy('workspace_members.created_at')
        .orderBy('users.id')
        .execute();
    },

    async memberIds(workspaceId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('workspace_members')
        .select('user_id')
        .where('workspace_id', '=', workspaceId)
        .execute();
      return rows.map((r) => r.user_id);
    },

    async addMember(workspaceId: number, userId: number, role: WorkspaceRole): Promise<void> {
      await db
        .insertInto('workspace_members')
        .values({ workspace_id: workspaceId, user_id: userId, role, created_at: nowIso() })
        .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing())
        .execute();
    },

    async setRole(workspaceId: number, userId: number, role: WorkspaceRole): Promise<void> {
      await db
        .updateTable('workspace_members')
        .set({ role })
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .execute();
    },

    async removeMember(workspaceId: number, userId: number): Promise<void> {
      await db
        .deleteFrom('workspace_members')
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .execute();
    },

    async invites(workspaceId: number) {
      return db
        .selectFrom('workspace_invites')
        .select(['id', 'email', 'role', 'expires_at', 'created_at'])
        .where('workspace_id', '=', workspaceId)
        .where('expires_at', '>', nowIso())
        .orderBy('created_at')
        .execute();
    },

    /** One invite per address and workspace: inviting again renews it under a new id. */
    async replaceInvite(invite: {
      id: string;
      workspace_id: number;
      email: string;
      role: 'admin' | 'member';
      invited_by: number;
      expires_at: string;
    }): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const previous = await trx
          .deleteFrom('workspace_invites')
          .where('workspace_id', '=', invite.workspace_id)
          .where('email', '=', invite.email)
          .returning('id')
          .executeTakeFirst();
        await trx
          .insertInto('workspace_invites')
          .values({ ...invite, created_at: nowIso() })
          .execute();
        return previous?.id ?? null;
      });
    },

    async findInvite(id: string) {
      return db
        .selectFrom('workspace_invites')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_invites.workspace_id')
        .select([
          'workspace_invites.id',
          'workspace_invites.workspace_id',
          'workspace_invites.email',
          'workspace_invites.role',
          'workspace_invites.expires_at',
          'workspaces.name as workspace_name',
        ])
        .where('workspace_invites.id', '=', id)
        .executeTakeFirst();
    },

    /** Deletes the invite; false when it was already gone (single use under concurrency). */
    async deleteInvite(id: string, workspaceId?: number): Promise<boolean> {
      let query = db.deleteFrom('workspace_invites').where('id', '=', id);
      if (workspaceId !== undefined) query = query.where('workspace_id', '=', workspaceId);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Deletes the invites that expired; returns their ids. */
    async deleteExpiredInvites(): Promise<string[]> {
      const rows = await db
        .deleteFrom('workspace_invites')
        .where('expires_at', '<=', nowIso())
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    async inviteIdsOf(workspaceId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('workspace_invites')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .execute();
      return rows.map((r) => r.id);
    },
  };
}
