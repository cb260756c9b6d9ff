import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { openApiDocument } from './http/openapi.ts';

/** Where the generated document is committed; the drift test compares it with the code. */
export const OPENAPI_FILE = resolve(import.meta.dirname, '../openapi.json');

/** Serialised the way it is committed: two-space JSON and a final newline. */
export const formatOpenApi = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

/**
 * Builds the app on a throwaway SQLite file (routes do not touch the database while they are
 * registered) and returns the OpenAPI document generated from the endpoint contracts.
 */
export async function generateOpenApiDocument(): Promise<Record<string, unknown>> {
  const directory = await mkdtemp(join(tmpdir(), 'backbeat-openapi-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_KEY: randomBytes(32).toString('base64url'),
    STORAGE_PATH: directory,
    WEB_DIST_PATH: join(directory, 'web-dist'),
    LOG_LEVEL: 'silent',
  });
  const database = openDatabase(config.database);
  try {
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const document = openApiDocument(app);
    await app.close();
    return document;
  } finally {
    await database.destroy();
    await rm(directory, { recursive: true, force: true });
  }
}

// `npm run openapi` writes the committed file.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  await writeFile(OPENAPI_FILE, formatOpenApi(await generateOpenApiDocument()));
  console.info(`Wrote ${OPENAPI_FILE}`);
}
