import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { WorkspaceRole } from '@backbeat/common';
import { WorkspacePolicy } from './policy.ts';

/**
 * How content belongs to a workspace, for every area that has some (playlists first).
 *
 * Convention: the content table has an owner column and a nullable `workspace_id` that
 * references workspaces.id with ON DELETE CASCADE (add it with `addWorkspaceColumn`). NULL
 * means the creator's personal workspace, id 0, which only they see. The request context has
 * already checked that the user belongs to `request.workspaceId` (a workspace they do not
 * belong to answers 404), so a repository only needs `inWorkspace` to list and
 * `workspaceIdFor` to create, and a route `canModifyInWorkspace` before changing a row.
 */
export interface WorkspaceScope {
  workspaceId: number;
  userId: number;
  /** The viewer's role; in the personal workspace they are its owner. */
  role: WorkspaceRole;
}

/** The active workspace of a signed-in request (routes with `access: 'auth'` or a permission). */
export function workspaceScopeOf(request: FastifyRequest): WorkspaceScope {
  if (!request.user) throw new Error('workspaceScopeOf needs a signed-in request');
  return {
    workspaceId: request.workspaceId,
    userId: request.user.id,
    role: request.workspaceRole ?? 'owner',
  };
}

/** `WHERE` for rows in the scope: the workspace's rows, or the user's personal ones. */
export function inWorkspace(
  scope: Pick<WorkspaceScope, 'workspaceId' | 'userId'>,
  columns: { workspace: string; owner: string },
): Expression<SqlBool> {
  return scope.workspaceId === 0
    ? sql<SqlBool>`(${sql.ref(columns.workspace)} is null and ${sql.ref(columns.owner)} = ${scope.userId})`
    : sql<SqlBool>`${sql.ref(columns.workspace)} = ${scope.workspaceId}`;
}

/** The value to store in `workspace_id` for content created in this scope. */
export const workspaceIdFor = (scope: Pick<WorkspaceScope, 'workspaceId'>): number | null =>
  scope.workspaceId === 0 ? null : scope.workspaceId;

/** Whether the viewer may change or delete a row that is in their scope. */
export function canModifyInWorkspace(
  scope: WorkspaceScope,
  row: { workspace_id: number | null; owner_id: number | null },
): boolean {
  if ((row.workspace_id ?? 0) !== scope.workspaceId) return false;
  const isCreator = row.owner_id === scope.userId;
  return scope.workspaceId === 0 ? isCreator : WorkspacePolicy.modifyContent(scope.role, isCreator);
}

/**
 * The nullable workspace_id column of the convention, with its index. A migration copies this
 * instead of importing it (migrations are frozen history; 0005 carries its own copy).
 */
export async function addWorkspaceColumn(db: Kysely<unknown>, table: string): Promise<void> {
  await db.schema
    .alterTable(table)
    .addColumn('workspace_id', 'integer', (c) => c.references('workspaces.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex(`${table}_workspace_idx`).on(table).column('workspace_id').execute();
}
