import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pendingMediaAnalysis } from '@backbeat/common';
import type { Db } from '../../src/db/database.ts';
import { PROCESSING_FAILED } from '../../src/modules/media/service.ts';
import { generateDemoAudio } from '../../src/modules/demo-audio/generator.ts';
import { guestBrowser } from './accounts.ts';
import { createUser } from './factories.ts';

let cachedMp3: Buffer | undefined;

/** A real MP3 (two seconds of the demo synthesiser), made once per test file. */
export async function sampleMp3(): Promise<Buffer> {
  cachedMp3 ??= (await generateDemoAudio(7, 2, 'house')).mp3;
  return cachedMp3;
}

/**
 * A signed-in user who may upload (the `artists` role holds music.create); `space` gives
 * them their own music.create grant with that space restriction in bytes; with `url`, the
 * browser talks to the server there (the built one).
 */
export async function signedInUploader(
  app: FastifyInstance,
  options: { space?: number; url?: string } = {},
) {
  const account = await createUser(app, { roleNames: ['artists'] });
  if (options.space !== undefined) {
    const { db } = app.services.database;
    const permission = await db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'music.create')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('permission_grants')
      .values({
        permission_id: permission.id,
        grantee_type: 'user',
        grantee_id: account.id,
        restrictions: JSON.stringify([{ name: 'space', value: options.space }]),
      })
      .execute();
    app.services.users.forgetGrants(account.id);
  }
  // Logged in after the grant, so no cached copy of the user lacks it.
  const browser = await guestBrowser(app, options.url ? { url: options.url } : {});
  await browser.login(account.email, account.password);
  return { ...account, browser };
}

/** Sets an upload setting for the rest of the test file (settings are read through a cache). */
export async function setUploadSettings(
  app: FastifyInstance,
  values: Parameters<FastifyInstance['services']['settings']['set']>[0],
) {
  await app.services.settings.set(values);
}

/** Marks an audio entry's processing failed, as the media job does when its last try fails. */
export async function markMediaFailed(db: Db, entryId: number): Promise<void> {
  await db
    .updateTable('file_entries')
    .set({
      media_status: 'failed',
      media: JSON.stringify(pendingMediaAnalysis('failed', PROCESSING_FAILED)),
    })
    .where('id', '=', entryId)
    .execute();
}

/**
 * The covers the media pipeline stored (public artwork, local disk below `storagePath`):
 * one per run over a file with a cover.
 */
export async function coverCount(storagePath: string): Promise<number> {
  const names = await readdir(join(storagePath, 'files', 'public', 'artwork')).catch(() => []);
  return names.length;
}
