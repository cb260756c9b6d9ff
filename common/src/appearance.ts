import { z } from 'zod';

/**
 * The appearance editor's live preview (spec 1 §4): the admin's editor frames the site with
 * `?appearanceEditor=true` and talks to it with these messages. The framed site says it has
 * loaded, then accepts messages only from its parent window on the same hostname.
 */
export const APPEARANCE_EDITOR_PARAM = 'appearanceEditor';
export const APPEARANCE_MESSAGE_SOURCE = 'backbeat-appearance-editor';
export const LOGOUT_IN_APPEARANCE_EDITOR = "Can't logout while in appearance editor.";

const fontSchema = z
  .object({
    family: z.string().min(1).max(100),
    weights: z.array(z.number().int().min(100).max(900)).max(9).optional(),
    provider_url: z.string().max(500).optional(),
  })
  .nullable();

export const appearanceMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('setValues'),
    values: z.object({
      themes: z.unknown().optional(),
      settings: z.record(z.string(), z.unknown()).optional(),
    }),
  }),
  z.object({ type: z.literal('setThemeFont'), font: fontSchema }),
  z.object({
    type: z.literal('setThemeValue'),
    name: z.string().regex(/^--[\w-]{1,80}$/, 'A theme value is a CSS custom property.'),
    value: z.string().max(200),
  }),
  z.object({ type: z.literal('setActiveTheme'), themeId: z.number().int() }),
  z.object({
    type: z.literal('setCustomCode'),
    kind: z.enum(['css', 'html']),
    /** Null removes it. */
    content: z.string().max(100_000).nullable(),
  }),
]);
export type AppearanceMessage = z.infer<typeof appearanceMessageSchema>;
export type AppearanceFont = z.infer<typeof fontSchema>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * setValues' merge: objects merge key by key, anything else (arrays included) is replaced,
 * so a reordered menu or a shorter list of themes arrives whole.
 */
export function mergeAppearanceValues<T>(target: T, values: unknown): T {
  if (!isPlainObject(target) || !isPlainObject(values)) return values as T;
  const merged: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(values)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    merged[key] =
      isPlainObject(value) && isPlainObject(merged[key])
        ? mergeAppearanceValues(merged[key], value)
        : value;
  }
  return merged as T;
}
