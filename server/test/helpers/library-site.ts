import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './app.ts';
import { openBrowser, type Browser } from './client.ts';

export interface LibrarySite {
  t: TestApp;
  /** The site's admin, signed in (adds library folders through the API). */
  admin: Browser;
  /** An empty folder on disk for the test's music files. */
  root: string;
  close(): Promise<void>;
}

/** The set-up of the library folder tests: the app, its admin signed in, a music folder. */
export async function openLibrarySite(name: string): Promise<LibrarySite> {
  const t = await createTestApp();
  const admin = await openBrowser(t.app);
  await admin.login(t.admin.email, t.admin.password);
  const root = await mkdtemp(join(tmpdir(), `backbeat-${name}-`));
  return {
    t,
    admin,
    root,
    async close() {
      await t.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
