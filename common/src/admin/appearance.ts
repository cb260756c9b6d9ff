import { z } from 'zod';
import { endpoint } from '../contract.ts';
import { SEO_SETTING_DEFAULTS, type SeoSettingName } from '../seo.ts';
import {
  boundedText,
  customCodeSchema,
  landingContentSchema,
  optionalSiteAddress,
} from '../appearance.ts';
import { menuItemSchema, menuSchema, themeSchema } from '../types.ts';

/*
 * The appearance editor (issue 14): everything it edits travels as one `AppearanceValues`
 * object, both to the server on "Save" and to the framed site with `setValues` while the
 * admin works, so the preview and the saved site are drawn from the same shape.
 */

/** Theme colours are RGB channels ("219 39 84"); the radius a length ("10px", "0.5rem"). */
const THEME_VALUE = /^(\d{1,3} \d{1,3} \d{1,3}|\d{1,3}(\.\d{1,3})?(px|rem))$/;
export const themeInputSchema = themeSchema.extend({
  /** Absent for a theme made in the editor. */
  id: z.number().int().positive().optional(),
  name: boundedText(60, 'theme name').min(1, 'Name the theme.'),
  values: z
    .record(
      z.string().regex(/^--be-[a-z-]{1,40}$/, 'A theme value is a --be-… variable.'),
      z.string().regex(THEME_VALUE, 'Use red green blue channels (0–255) or a length.'),
    )
    .refine((values) => Object.keys(values).length <= 60, { error: 'Too many values.' }),
});
export type ThemeInput = z.infer<typeof themeInputSchema>;

const menuItemInputSchema = menuItemSchema
  .extend({
    label: boundedText(100, 'label').min(1, 'Give the item a label.'),
    action: boundedText(2000, 'link'),
  })
  .superRefine((item, context) => {
    const ok =
      item.type === 'route'
        ? /^\/(?!\/)\S*$/.test(item.action)
        : /^(https?:\/\/\S+|mailto:\S+)$/.test(item.action);
    if (!ok) {
      context.addIssue({
        code: 'custom',
        path: ['action'],
        message:
          item.type === 'route'
            ? 'A route is a path on this site, like /library.'
            : 'A link is a web address, like https://example.com.',
      });
    }
  });
export const menuInputSchema = menuSchema.extend({
  name: boundedText(100, 'menu name').min(1, 'Name the menu.'),
  items: z.array(menuItemInputSchema).max(50, 'Give at most 50 items.'),
});

const SEO_NAMES = Object.keys(SEO_SETTING_DEFAULTS) as SeoSettingName[];
export const appearanceSeoSchema = z.object(
  Object.fromEntries(SEO_NAMES.map((name) => [name, boundedText(500, 'template')])) as Record<
    SeoSettingName,
    ReturnType<typeof boundedText>
  >,
);

export const appearanceSettingsSchema = z.object({
  branding: z.object({
    site_name: boundedText(60, 'site name').min(1, 'The site name is required.'),
    favicon: optionalSiteAddress('favicon'),
    logo_light: optionalSiteAddress('logo'),
    logo_dark: optionalSiteAddress('logo'),
    logo_light_mobile: optionalSiteAddress('logo'),
    logo_dark_mobile: optionalSiteAddress('logo'),
    splash_video_desktop_link: optionalSiteAddress('video'),
    splash_video_mobile_link: optionalSiteAddress('video'),
  }),
  seo: appearanceSeoSchema,
  fonts: z.object({
    family: z
      .union([z.literal(''), z.string().regex(/^[\w -]{1,60}$/, 'Choose a font family.')])
      .nullable(),
    weights: z.array(z.number().int().min(100).max(900)).max(9),
    provider_url: optionalSiteAddress('font provider'),
  }),
  custom_code: customCodeSchema,
  landing: landingContentSchema,
  menus: z.array(menuInputSchema).max(20),
});
export type AppearanceSettings = z.infer<typeof appearanceSettingsSchema>;

export const appearanceValuesSchema = z.object({
  settings: appearanceSettingsSchema,
  themes: z
    .array(themeInputSchema)
    .min(1, 'Keep at least one theme.')
    .max(20, 'Give at most 20 themes.'),
});
export type AppearanceValues = z.infer<typeof appearanceValuesSchema>;

const answer = z.object({ values: appearanceValuesSchema });

export const getAdminAppearance = endpoint({
  method: 'GET',
  path: '/api/v1/admin/appearance',
  access: 'appearance.update',
  summary:
    'What the appearance editor edits: branding, SEO, fonts, custom code, landing page, menus and themes',
  tags: ['admin: appearance'],
  response: answer,
});

export const updateAdminAppearance = endpoint({
  method: 'PUT',
  path: '/api/v1/admin/appearance',
  access: 'appearance.update',
  summary:
    'Saves the appearance editor; every instance applies it at once (needs admin.access too)',
  tags: ['admin: appearance'],
  body: appearanceValuesSchema,
  response: answer,
});
