import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fastifySwagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, type EndpointDefinition } from '@backbeat/common/contract';
import * as contracts from '@backbeat/common/contracts';
import { channelSchema } from '@backbeat/common/catalog/types';
import { trackCommentSchema } from '@backbeat/common/library/types';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { SESSION_COOKIE } from './http/session.ts';
import { contractTransform } from './openapi/operations.ts';

/*
 * `npm run openapi`: the OpenAPI document, generated from the endpoint contracts by
 * @fastify/swagger and committed as server/openapi.json (the drift test keeps it equal to the
 * code; the server serves the file). Only this script loads the plugin.
 */

/** Where the generated document is committed; the drift test compares it with the code. */
export const OPENAPI_FILE = resolve(import.meta.dirname, '../openapi.json');

/** Serialised the way it is committed: two-space JSON and a final newline. */
export const formatOpenApi = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

const isContract = (value: unknown): value is EndpointDefinition =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

/**
 * Every contract's operation id: declared in the contract, or its export name in common/
 * (a resource's contracts declare theirs). Two operations with one name fail the generation.
 */
export function operationIds(): Map<EndpointDefinition, string> {
  const ids = new Map<EndpointDefinition, string>();
  const add = (contract: EndpointDefinition, name: string) => {
    if (!ids.has(contract)) ids.set(contract, contract.operationId ?? name);
  };
  for (const [name, value] of Object.entries(contracts as Record<string, unknown>)) {
    if (isContract(value)) add(value, name);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, member] of Object.entries(value)) if (isContract(member)) add(member, key);
    }
  }
  const seen = new Map<string, EndpointDefinition>();
  for (const [contract, id] of ids) {
    const other = seen.get(id);
    if (other && other !== contract) {
      throw new Error(`Two operations are named ${id}: ${other.path} and ${contract.path}`);
    }
    seen.set(id, contract);
  }
  return ids;
}

/**
 * Schemas that contain themselves (a comment's replies, a channel's channels) become named
 * components that refer to themselves; inline, their inner `$ref` would point nowhere.
 */
const componentSchemas = z.registry<{ id: string }>();
componentSchemas.add(trackCommentSchema, { id: 'TrackComment' });
componentSchemas.add(channelSchema, { id: 'Channel' });

function swaggerOptions(): FastifyDynamicSwaggerOptions {
  const ids = operationIds();
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Backbeat API',
        version: 'v1',
        description:
          'Generated from the endpoint contracts in common/. Errors share one shape: ' +
          '`{ message, errors? }`.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          apiToken: { type: 'http', scheme: 'bearer', bearerFormat: 'id|secret' },
        },
        schemas: {
          Error: z.toJSONSchema(errorResponseSchema, { target: 'draft-2020-12' }) as Record<
            string,
            unknown
          >,
        },
      },
    },
    transform: contractTransform(
      (contract) => {
        const id = contract.operationId ?? ids.get(contract);
        if (!id) throw new Error(`${contract.method} ${contract.path} is not exported by common/`);
        return id;
      },
      createJsonSchemaTransform({ schemaRegistry: componentSchemas }),
    ),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: componentSchemas }),
  };
}

type OpenApiDocument = Record<string, unknown> & {
  paths?: Record<string, Record<string, { operationId?: string }>>;
  components?: { schemas?: Record<string, unknown> };
};

/** Every operation has an id, and no two share one (generated clients name calls by it). */
function checkOperationIds(document: OpenApiDocument): void {
  const seen = new Map<string, string>();
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      const where = `${method.toUpperCase()} ${path}`;
      const id = operation.operationId;
      if (!id) throw new Error(`${where} has no operationId`);
      if (seen.has(id)) throw new Error(`${where} and ${seen.get(id)} are both named ${id}`);
      seen.set(id, where);
    }
  }
}

/**
 * Drops the component schemas nothing refers to: the type provider names each registered
 * schema twice, as read (`…Input`) and as answered, and the recursive ones are only answered.
 */
function withoutUnusedSchemas(document: OpenApiDocument): OpenApiDocument {
  const schemas = { ...document.components?.schemas };
  for (;;) {
    const text = JSON.stringify({ ...document, components: { ...document.components, schemas } });
    const unused = Object.keys(schemas).filter(
      (name) => !text.includes(`"#/components/schemas/${name}"`),
    );
    if (unused.length === 0) break;
    for (const name of unused) delete schemas[name];
  }
  return { ...document, components: { ...document.components, schemas } };
}

/**
 * Builds the app on a throwaway SQLite file (routes do not touch the database while they are
 * registered) with @fastify/swagger, and returns the OpenAPI document it generates.
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
    const app = await buildApp({
      config,
      database,
      logger: false,
      // Before the first route, so the plugin sees every one.
      instrument: async (instance) => {
        await instance.register(fastifySwagger, swaggerOptions());
      },
    });
    await app.ready();
    const document = app.swagger() as unknown as OpenApiDocument;
    await app.close();
    checkOperationIds(document);
    // A relative server: the document describes whichever Backbeat serves it.
    return {
      ...withoutUnusedSchemas(document),
      servers: [{ url: '/', description: 'This Backbeat server' }],
    };
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
