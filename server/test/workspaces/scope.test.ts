import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notFound, forbidden } from '../../src/http/http-error.ts';
import {
  addWorkspaceColumn,
  canModifyInWorkspace,
  inWorkspace,
  workspaceIdFor,
  workspaceScopeOf,
} from '../../src/modules/workspaces/scope.ts';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { workspaceWith } from '../helpers/workspaces.ts';

/**
 * The scope mechanism as a content area uses it (playlists will): a table following the
 * convention, and routes that list, create and delete through the helpers.
 */
async function registerScopedNotes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db as unknown as Kysely<unknown>;
  await db.schema
    .createTable('test_notes')
    .addColumn('id', app.services.database.dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      c.primaryKey(),
    )
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
  await addWorkspaceColumn(db, 'test_notes');

  const config = { access: 'auth' as const };
  app.get('/api/v1/test/notes', { config }, async (request) => {
    const scope = workspaceScopeOf(request);
    const rows = await sql<{ text: string }>`select text from test_notes where ${inWorkspace(
      scope,
      {
        workspace: 'workspace_id',
        owner: 'owner_id',
      },
    )} order by id`.execute(db);
    return { notes: rows.rows.map((r) => r.text) };
  });
  app.post('/api/v1/test/notes', { config }, async (request) => {
    const scope = workspaceScopeOf(request);
    const { text } = request.body as { text: string };
    await sql`insert into test_notes (owner_id, text, workspace_id) values (${scope.userId}, ${text}, ${workspaceIdFor(scope)})`.execute(
      db,
    );
    return { ok: true };
  });
  app.delete('/api/v1/test/notes/:text', { config }, async (request) => {
    const scope = workspaceScopeOf(request);
    const { text } = request.params as { text: string };
    const row = (
      await sql<{
        workspace_id: number | null;
        owner_id: number;
      }>`select workspace_id, owner_id from test_notes where text = ${text}`.execute(db)
    ).rows[0];
    if (!row || (row.workspace_id ?? 0) !== scope.workspaceId) throw notFound();
    if (!canModifyInWorkspace(scope, row)) throw forbidden();
    await sql`delete from test_notes where text = ${text}`.execute(db);
    return { ok: true };
  });
}

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ configure: registerScopedNotes });
});
afterAll(() => testApp.close());

const notes = async (browser: { get(url: string): Promise<{ json(): unknown }> }, query = '') =>
  ((await browser.get(`/api/v1/test/notes${query}`)).json() as { notes: string[] }).notes;

describe('content scoped to the active workspace', () => {
  it("keeps personal content to its creator and shares a workspace's with its members only", async () => {
    const { id, owner, members } = await workspaceWith(testApp.app, ['member']);
    const member = members[0]!;
    const stranger = await signedInUser(testApp.app);
    const inTeam = `?workspaceId=${id}`;

    await owner.browser.post('/api/v1/test/notes', { text: 'owner personal' });
    await owner.browser.post(`/api/v1/test/notes${inTeam}`, { text: 'team note' });
    await member.browser.post(`/api/v1/test/notes${inTeam}`, { text: 'member note' });
    await member.browser.post('/api/v1/test/notes', { text: 'member personal' });

    expect(await notes(owner.browser)).toEqual(['owner personal']);
    expect(await notes(member.browser)).toEqual(['member personal']);
    expect(await notes(member.browser, inTeam)).toEqual(['team note', 'member note']);
    // The active workspace can come from the cookie, as the web client keeps it.
    member.browser.cookies.set('activeWorkspaceId', String(id));
    expect(await notes(member.browser)).toEqual(['team note', 'member note']);
    member.browser.cookies.delete('activeWorkspaceId');

    expect((await stranger.browser.get(`/api/v1/test/notes${inTeam}`)).statusCode).toBe(404);
    expect(await notes(stranger.browser)).toEqual([]);
  });

  it('lets members change their own content and owners and admins anyone’s', async () => {
    const { id, owner, members } = await workspaceWith(testApp.app, ['member', 'member']);
    const [alice, bob] = members as [(typeof members)[0], (typeof members)[0]];
    const inTeam = `?workspaceId=${id}`;
    await alice.browser.post(`/api/v1/test/notes${inTeam}`, { text: `alice-${id}` });
    await bob.browser.post(`/api/v1/test/notes${inTeam}`, { text: `bob-${id}` });

    expect((await bob.browser.delete(`/api/v1/test/notes/alice-${id}${inTeam}`)).statusCode).toBe(
      403,
    );
    expect((await bob.browser.delete(`/api/v1/test/notes/bob-${id}${inTeam}`)).statusCode).toBe(
      200,
    );
    // Outside the workspace the row is not found at all.
    expect((await owner.browser.delete(`/api/v1/test/notes/alice-${id}`)).statusCode).toBe(404);
    expect((await owner.browser.delete(`/api/v1/test/notes/alice-${id}${inTeam}`)).statusCode).toBe(
      200,
    );
  });

  it("removes the workspace's content with the workspace", async () => {
    const { id, owner } = await workspaceWith(testApp.app);
    await owner.browser.post(`/api/v1/test/notes?workspaceId=${id}`, { text: `gone-${id}` });
    await owner.browser.delete(`/api/v1/workspaces/${id}`);
    const db = testApp.database.db as unknown as Kysely<unknown>;
    const left = await sql<{
      n: number;
    }>`select count(*) as n from test_notes where text = ${`gone-${id}`}`.execute(db);
    expect(Number(left.rows[0]?.n)).toBe(0);
  });
});
