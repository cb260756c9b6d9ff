import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  SELF_HOSTED_FONT_FAMILIES,
  SELF_HOSTED_FONTS_URL,
  WEB_FONT_DISPLAY,
} from '@backbeat/common';
import { NON_DOCUMENT_CSP } from './security-headers.ts';

const require = createRequire(import.meta.url);
const YEAR_SECONDS = 365 * 24 * 3600;

/** `Lora` → `lora`: the @fontsource package of a family. */
const packageOf = (family: string) => family.toLowerCase().replace(/\s+/g, '-');
const FAMILIES = new Map<string, string>(
  SELF_HOSTED_FONT_FAMILIES.map((family) => [family.toLowerCase(), family]),
);

function packageDir(family: string): string {
  return dirname(require.resolve(`@fontsource/${packageOf(family)}/package.json`));
}

/**
 * `family=Lora:wght@400;700` (repeatable) → the families and weights asked for; unknown
 * families and odd weights are left out, so the answer only names files that exist.
 */
export function parseFamilies(query: string | string[] | undefined) {
  const values = query === undefined ? [] : Array.isArray(query) ? query : [query];
  return values.flatMap((value) => {
    const [name = '', axes = ''] = value.split(':');
    const family = FAMILIES.get(name.replace(/\+/g, ' ').trim().toLowerCase());
    if (!family) return [];
    const weights = (/wght@([\d;]+)/.exec(axes)?.[1] ?? '400')
      .split(';')
      .map(Number)
      .filter(
        (weight) =>
          Number.isInteger(weight) && weight >= 100 && weight <= 900 && weight % 100 === 0,
      );
    return [{ family, weights: [...new Set(weights.length ? weights : [400])] }];
  });
}

/**
 * The site's own web font service (issue 14: fonts stay on the site unless the admin picks
 * a provider): `/fonts/css2?family=…` answers @font-face rules in the shape of the CSS2 API,
 * taken from the @fontsource package's own style sheets (every subset, with its unicode
 * range, so a browser fetches only what a page uses), and `/fonts/files/{family}/{file}`
 * serves the font files, cached for a year (their names carry the weight and subset).
 */
export async function registerSelfHostedFonts(app: FastifyInstance): Promise<void> {
  app.get(
    `${SELF_HOSTED_FONTS_URL}/css2`,
    { config: { session: false } },
    async (request, reply) => {
      const { family } = request.query as { family?: string | string[] };
      const rules: string[] = [];
      for (const font of parseFamilies(family)) {
        for (const weight of font.weights) {
          const css = await readFile(join(packageDir(font.family), `${weight}.css`), 'utf8').catch(
            () => null,
          );
          if (!css) continue;
          rules.push(
            css
              .replaceAll('./files/', `${SELF_HOSTED_FONTS_URL}/files/${packageOf(font.family)}/`)
              .replaceAll('font-display: swap;', `font-display: ${WEB_FONT_DISPLAY};`),
          );
        }
      }
      return reply
        .header('content-type', 'text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', NON_DOCUMENT_CSP)
        .send(rules.join('\n'));
    },
  );

  app.get(
    `${SELF_HOSTED_FONTS_URL}/files/:family/:file`,
    { config: { session: false } },
    async (request, reply) => {
      const { family, file } = request.params as { family: string; file: string };
      const known = [...FAMILIES.values()].find((name) => packageOf(name) === family);
      const match = /^[a-z0-9-]+\.(woff2?)$/.exec(file);
      if (!known || !match) return reply.code(404).send({ message: 'There is no such font file.' });
      const bytes = await readFile(join(packageDir(known), 'files', file)).catch(() => null);
      if (!bytes) return reply.code(404).send({ message: 'There is no such font file.' });
      return reply
        .header('content-type', `font/${match[1]}`)
        .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
        .send(bytes);
    },
  );
}
