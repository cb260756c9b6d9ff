import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Validates /rest answers against the OpenSubsonic OpenAPI description kept beside the repo
 * (`../shared/opensubsonic/openapi.json`, Apache-2.0; read from there, never copied in), with
 * the response schemas it refers to (`./responses/…json`) read from the folder beside it.
 */
const DESCRIPTION = fileURLToPath(
  new URL('../../../../shared/opensubsonic/openapi.json', import.meta.url),
);
const RESPONSES = join(dirname(DESCRIPTION), 'responses');

/** The description's own files: `{ 'Subsonic-response': schema, … }`. */
function responseSchemas(): Record<string, object> {
  const schemas: Record<string, object> = {};
  for (const file of readdirSync(RESPONSES).filter((name) => name.endsWith('.json'))) {
    schemas[file.replace(/\.json$/, '')] = JSON.parse(
      readFileSync(join(RESPONSES, file), 'utf8'),
    ) as object;
  }
  return schemas;
}

/**
 * `./responses/Subsonic-response.json` (from the description) and `./Subsonic-response.json`
 * (between the response files) → `urn:ext:Subsonic-response`.
 */
const externalId = (ref: string) => `urn:ext:${ref.replace(/^.*\//, '').replace(/\.json$/, '')}`;

/** Rewrites the description's references so one Ajv instance resolves them all. */
function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = value.startsWith('#/components/schemas/')
        ? `urn:os:${value.slice('#/components/schemas/'.length)}`
        : externalId(value);
    } else if (key === 'externalDocs' || key === 'example' || key === 'examples') {
      continue;
    } else {
      out[key] = rewriteRefs(value);
    }
  }
  return out;
}

interface Description {
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
      }
    >
  >;
  components: {
    schemas: Record<string, unknown>;
    responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  };
}

export function openSubsonicValidator() {
  const description = JSON.parse(readFileSync(DESCRIPTION, 'utf8')) as Description;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const external = responseSchemas();
  if (Object.keys(external).length === 0) throw new Error(`No response schemas in ${RESPONSES}`);
  for (const [name, schema] of Object.entries(external)) {
    ajv.addSchema({ ...(rewriteRefs(schema) as object), $id: `urn:ext:${name}` });
  }
  // The description's slips, corrected as the Subsonic XSD and every server and client
  // have it: ArtistsID3.index items are IndexID3 (a name and its artists), not ArtistID3;
  // getAlbumList2 answers an AlbumList2 (AlbumID3 items), not an AlbumList (Child items).
  const albumList2 = description.components.schemas.GetAlbumList2SuccessResponse as {
    allOf: [unknown, { properties: { albumList2: { $ref: string } } }];
  };
  albumList2.allOf[1].properties.albumList2.$ref = '#/components/schemas/AlbumList2';
  const artists = description.components.schemas.ArtistsID3 as {
    properties: { index: { items: unknown } };
  };
  artists.properties.index.items = {
    type: 'object',
    properties: {
      name: { type: 'string' },
      artist: { type: 'array', items: { $ref: '#/components/schemas/ArtistID3' } },
    },
    required: ['name'],
  };
  // And Lyrics requires a `lyrics` field it does not have (its text is `value`); an answer
  // that found none is an empty `lyrics` element, as the Subsonic XSD has it.
  delete (description.components.schemas.Lyrics as { required?: string[] }).required;
  for (const [name, schema] of Object.entries(description.components.schemas)) {
    ajv.addSchema({ ...(rewriteRefs(schema) as object), $id: `urn:os:${name}` });
  }
  const validators = new Map<string, ValidateFunction>();

  /** The JSON answer schema of `/rest/{method}` (its 200 response). */
  function validatorFor(method: string): ValidateFunction {
    const cached = validators.get(method);
    if (cached) return cached;
    const operation = description.paths[`/rest/${method}`]?.get;
    if (!operation) throw new Error(`The description has no /rest/${method}`);
    let response = operation.responses['200']!;
    if (response.$ref) {
      response = description.components.responses[response.$ref.split('/').pop()!]!;
    }
    const schema = response.content?.['application/json']?.schema;
    if (!schema) throw new Error(`/rest/${method} has no JSON answer in the description`);
    const validate = ajv.compile(rewriteRefs(schema) as object);
    validators.set(method, validate);
    return validate;
  }

  return {
    /**
     * The description's complaints about `value` as one of its schemas (`Child`…): for
     * answers whose own schema the description leaves open (SearchResult is a "TODO").
     */
    problemsAs(schema: string, value: unknown): string[] {
      if (!description.components.schemas[schema]) throw new Error(`No schema ${schema}`);
      const validate = ajv.getSchema(`urn:os:${schema}`)!;
      if (validate(value)) return [];
      return (validate.errors ?? []).map(
        (e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
      );
    },

    /** The description's complaints about `body` as the answer of `method` (none = valid). */
    problems(method: string, body: unknown): string[] {
      const validate = validatorFor(method);
      if (validate(body)) return [];
      return (validate.errors ?? []).map(
        (e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
      );
    },
  };
}
