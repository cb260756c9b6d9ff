import type { FastifyInstance } from 'fastify';
import { XMLParser } from 'fast-xml-parser';
import { expect } from 'vitest';
import { openSubsonicValidator } from './opensubsonic.ts';

/** Scalars by path (array positions dropped), so JSON and XML forms can be compared. */
export function facts(node: unknown, path = '', out: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const item of node) facts(item, path, out);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'xmlns') continue;
      facts(value, key === 'value' || key === '#text' ? `${path}#text` : `${path}/${key}`, out);
    }
  } else if (node !== undefined && node !== null && node !== '') {
    out.push(`${path}=${String(node)}`);
  }
  return out;
}

/** Reads a /rest answer's XML form with its attributes as plain fields (compared by `facts`). */
export const subsonicXml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  ignoreDeclaration: true,
});

export type Answer = Record<string, unknown> & { error?: { code: number } };

/**
 * /rest calls signed in with `apiKey`: `checked` asserts the JSON answer validates against the
 * OpenSubsonic description and that its XML form (f=xml) carries the same data.
 */
export function conformance(app: FastifyInstance, apiKey: () => string) {
  const validator = openSubsonicValidator();

  async function call(method: string, params: Record<string, string | number> = {}, f = 'json') {
    const query = new URLSearchParams({ apiKey: apiKey(), v: '1.16.1', c: 'conformance', f });
    for (const [key, value] of Object.entries(params)) query.set(key, String(value));
    const response = await app.inject({ method: 'GET', url: `/rest/${method}.view?${query}` });
    expect(response.statusCode).toBe(200);
    return response;
  }

  async function checked(
    method: string,
    params: Record<string, string | number> = {},
    options: { xml?: boolean } = {},
  ): Promise<Answer> {
    const json = (await call(method, params)).json() as { 'subsonic-response': Answer };
    expect(validator.problems(method, json), `${method} ${JSON.stringify(params)}`).toEqual([]);
    if (options.xml !== false) {
      const fromXml = subsonicXml.parse((await call(method, params, 'xml')).body) as Record<
        string,
        unknown
      >;
      expect(facts(fromXml['subsonic-response']).sort()).toEqual(
        facts(json['subsonic-response']).sort(),
      );
    }
    return json['subsonic-response'];
  }

  return { call, checked, validator };
}
