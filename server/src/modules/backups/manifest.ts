import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

export const MANIFEST_FILE = 'backup.json';

/** What a backup folder holds (backup.json), read back before a restore. */
export const manifestSchema = z.object({
  format: z.literal(1),
  app: z.literal('backbeat'),
  createdAt: z.string(),
  database: z.object({
    driver: z.enum(['sqlite', 'postgres']),
    file: z.string(),
    bytes: z.number(),
    /** The last migration the copied database had: a restore needs code that knows it. */
    lastMigration: z.string().nullable(),
  }),
  /** 'file': app.key is in the backup; 'environment': the site sets APP_KEY itself. */
  appKey: z.enum(['file', 'environment']),
  files: z.discriminatedUnion('included', [
    z.object({ included: z.literal(true), count: z.number(), bytes: z.number() }),
    z.object({ included: z.literal(false), reason: z.string() }),
  ]),
});
export type Manifest = z.infer<typeof manifestSchema>;

export async function writeManifest(directory: string, manifest: Manifest): Promise<void> {
  await writeFile(join(directory, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** The folder's manifest, or an error that says why the folder is not a backup. */
export async function readManifest(directory: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(join(directory, MANIFEST_FILE), 'utf8');
  } catch {
    throw new Error(`${directory} holds no ${MANIFEST_FILE}: it is not a Backbeat backup.`);
  }
  let parsed;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(text));
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success) throw new Error(`${join(directory, MANIFEST_FILE)} is not readable.`);
  return parsed.data;
}
