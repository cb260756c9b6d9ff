import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../src/openapi-document.ts';

/*
 * Issue 37.4: a client generated from the committed document by an outside generator
 * (openapi-typescript) type-checks, and so do calls made with it through openapi-fetch; a
 * call that breaks the document (a wrong parameter name, a field the answer lacks) does not.
 */

let directory: string;

const CALLS = `
import createClient from 'openapi-fetch';
import type { components, operations, paths } from './api.ts';

const client = createClient<paths>({ baseUrl: 'http://localhost' });

export async function calls() {
  const album = await client.GET('/api/v1/albums/{id}', { params: { path: { id: 7 } } });
  const name: string | undefined = album.data?.album.name;
  const failure: components['schemas']['Error'] | undefined = album.error;

  // A resource's delete names its rows in the same {id} segment as its show.
  const deleted = await client.DELETE('/api/v1/admin/genres/{id}', {
    params: { path: { id: '3,4' } },
  });
  const count: number | undefined = deleted.data?.deleted;

  const comments = await client.GET('/api/v1/tracks/{id}/comments', {
    params: { path: { id: 1 } },
  });
  const replyBodies = comments.data?.comments.flatMap((comment) =>
    comment.replies.map((reply) => reply.body),
  );

  const played = await client.POST('/api/v1/tracks/{id}/plays', {
    params: { path: { id: 1 } },
    body: { source: 'album' },
  });
  const source: operations['logTrackPlay']['requestBody'] extends
    | { content: { 'application/json': { source?: infer S } } }
    | undefined
    ? S
    : never = 'radio';
  await client.POST('/api/v1/tracks/{id}/plays', {
    params: { path: { id: 2 } },
    body: { source },
  });
  return { name, failure, count, replyBodies, logged: played.data?.logged };
}
`;

const WRONG_CALLS = `
import createClient from 'openapi-fetch';
import type { paths } from './api.ts';

const client = createClient<paths>({ baseUrl: 'http://localhost' });

export async function wrong() {
  await client.GET('/api/v1/albums/{id}', { params: { path: { albumId: 7 } } });
  await client.POST('/api/v1/tracks/{id}/plays', {
    params: { path: { id: 1 } },
    body: { source: 'nowhere' },
  });
  const album = await client.GET('/api/v1/albums/{id}', { params: { path: { id: 7 } } });
  return album.data?.album.noSuchField;
}
`;

/** The diagnostics tsc reports for one file of the generated client's folder. */
function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    types: [],
    // openapi-fetch resolves from the project's node_modules.
    typeRoots: [],
    baseUrl: resolve(import.meta.dirname, '..'),
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

beforeAll(async () => {
  // Inside the project, so `openapi-fetch` resolves from its node_modules.
  directory = await mkdtemp(join(resolve(import.meta.dirname, '..'), '.openapi-client-'));
  const document = JSON.parse(await readFile(OPENAPI_FILE, 'utf8')) as Parameters<
    typeof openapiTS
  >[0];
  await writeFile(join(directory, 'api.ts'), astToString(await openapiTS(document)));
  await writeFile(join(directory, 'package.json'), '{ "type": "module" }\n');
  await writeFile(join(directory, 'calls.ts'), CALLS);
  await writeFile(join(directory, 'wrong-calls.ts'), WRONG_CALLS);
}, 240_000);
afterAll(() => rm(directory, { recursive: true, force: true }));

describe('a client generated from server/openapi.json by openapi-typescript', () => {
  it('names every operation and type-checks with calls made through openapi-fetch', async () => {
    const generated = await readFile(join(directory, 'api.ts'), 'utf8');
    expect(generated).toContain('adminGenresDelete: {');
    expect(generated).toContain('TrackComment: {');
    expect(typeErrors(join(directory, 'calls.ts'))).toEqual([]);
  }, 240_000);

  it('refuses a call with a wrong parameter name or a field the answer lacks', () => {
    const errors = typeErrors(join(directory, 'wrong-calls.ts')).join('\n');
    expect(errors).toContain("'albumId'");
    expect(errors).toContain("'noSuchField'");
    expect(errors).toContain('"nowhere"');
  }, 240_000);
});
