import { z } from 'zod';
import { IMAGE_ADDRESS_PATTERN } from './schemas/image-address.ts';

/*
 * The zod side of the appearance editor (spec 1 §4): the preview's messages and what the
 * editor edits that every page shows. Apart from appearance.ts so that the first JavaScript of
 * the web app, which reads appearance.ts's constants, does not bring zod with it (issue 22).
 */

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

// ---- what the editor edits that every page shows (bootstrap `landing`, `custom_code`) ----

export const boundedText = (max: number, what: string) =>
  z
    .string({ error: `The ${what} must be text.` })
    .trim()
    .max(max, `The ${what} is too long.`);

/** A same-site path or a web address; never `javascript:` and the like. */
export const siteAddress = (what: string) =>
  boundedText(2000, what).refine((value) => IMAGE_ADDRESS_PATTERN.test(value), {
    error: `The ${what} must be a path on this site (/…) or a web address (https://…).`,
  });
/** Empty or null for none (no transform: the schema also describes answers). */
export const optionalSiteAddress = (what: string) =>
  z.union([z.literal(''), siteAddress(what)]).nullable();

export const landingButtonSchema = z.object({
  label: boundedText(60, 'button label').min(1, 'Give the button a label.'),
  action: siteAddress('button link'),
  style: z.enum(['primary', 'outline']),
});
export const landingFeatureSchema = z.object({
  icon: z
    .string()
    .regex(/^[a-zA-Z]{1,40}$/, 'Choose an icon.')
    .nullable(),
  title: boundedText(100, 'feature title').min(1, 'Give the feature a title.'),
  text: boundedText(500, 'feature text'),
  image: optionalSiteAddress('feature image'),
});
export const landingContentSchema = z.object({
  headline: boundedText(200, 'headline').min(1, 'The headline is required.'),
  subtitle: boundedText(500, 'subtitle'),
  background_image: optionalSiteAddress('background image'),
  action_buttons: z.array(landingButtonSchema).max(3, 'Give at most 3 buttons.'),
  primary_features: z.array(landingFeatureSchema).max(8, 'Give at most 8 features.'),
  secondary_features: z.array(landingFeatureSchema).max(6, 'Give at most 6 features.'),
});
export type LandingContent = z.infer<typeof landingContentSchema>;

/** Custom code added to every page: CSS as a style sheet, HTML sanitised at the end of body. */
export const customCodeSchema = z.object({
  css: z.string().max(100_000, 'The CSS is too long.'),
  html: z.string().max(100_000, 'The HTML is too long.'),
});
export type CustomCode = z.infer<typeof customCodeSchema>;
