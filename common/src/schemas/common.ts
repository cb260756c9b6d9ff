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

/** An uncaught error the web reports from a sampled page load (web/src/lib/error-reporter.ts). */
export const clientErrorReportSchema = z.object({
  message: z.string().min(1).max(1000),
  stack: z.string().max(10_000).optional(),
  url: z.string().max(2000).optional(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
