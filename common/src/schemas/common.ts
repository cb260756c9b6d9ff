import { z } from 'zod';

/** `with`, `load` and `loadCount` arrive as comma lists (spec §7); accept arrays too. */
export const commaList = z.union([z.string(), z.array(z.string())]).transform((value) =>
  (Array.isArray(value) ? value : [value])
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter(Boolean),
);

export const workspaceIdSchema = z.coerce
  .number({ error: 'The workspace id must be a number.' })
  .int('The workspace id must be a whole number.')
  .min(0, 'The workspace id must be 0 or more.');

export const changeLocaleSchema = z.object({
  locale: z.string().min(2, 'Choose a language.').max(10),
});
