import type { AppearanceValues, ThemeInput } from '@backbeat/common/admin/appearance';
import { SEO_SETTING_DEFAULTS, type SeoSettingName } from '@backbeat/common';
import { validationFailed } from '../../lib/domain-errors.ts';
import { sanitizeCustomHtml } from '../../lib/sanitize-html.ts';
import type { SettingValues } from '../settings/defaults.ts';
import type { SettingsService } from '../settings/service.ts';
import type { ThemesRepository } from '../themes/repository.ts';

const SEO_NAMES = Object.keys(SEO_SETTING_DEFAULTS) as SeoSettingName[];
/** An emptied optional field is stored as none. */
const orNull = (value: string | null) => value || null;

export type AppearanceService = ReturnType<typeof createAppearanceService>;

/** Each default (light, dark) belongs to one theme of that kind at most. */
function checkThemes(themes: ThemeInput[]) {
  const errors: Record<string, string[]> = {};
  const defaults = (flag: 'default_light' | 'default_dark') =>
    themes.filter((theme) => theme[flag]).length;
  if (defaults('default_light') > 1) errors.themes = ['Only one theme can be the light default.'];
  if (defaults('default_dark') > 1) errors.themes = ['Only one theme can be the dark default.'];
  themes.forEach((theme, index) => {
    if (theme.default_dark && !theme.is_dark) {
      errors[`themes.${index}.default_dark`] = ['The dark default must be a dark theme.'];
    }
    if (theme.default_light && theme.is_dark) {
      errors[`themes.${index}.default_light`] = ['The light default must be a light theme.'];
    }
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/**
 * The appearance editor (issue 14): reads what it edits as one object and saves it whole.
 * Settings are written last, so their change notice (composition/settings-sync.ts) clears
 * every instance's bootstrap, themes included, once everything is stored.
 */
export function createAppearanceService(deps: {
  settings: Pick<SettingsService, 'all' | 'set'>;
  themes: Pick<ThemesRepository, 'all' | 'replaceAll'>;
}) {
  async function view(): Promise<AppearanceValues> {
    const s = await deps.settings.all();
    return {
      settings: {
        branding: {
          site_name: s['branding.site_name'],
          favicon: s['branding.favicon'],
          logo_light: s['branding.logo_light'],
          logo_dark: s['branding.logo_dark'],
          logo_light_mobile: s['branding.logo_light_mobile'],
          logo_dark_mobile: s['branding.logo_dark_mobile'],
          splash_video_desktop_link: s['branding.splash_video_desktop_link'],
          splash_video_mobile_link: s['branding.splash_video_mobile_link'],
        },
        seo: Object.fromEntries(SEO_NAMES.map((name) => [name, s[name]])) as Record<
          SeoSettingName,
          string
        >,
        fonts: {
          family: s['fonts.family'],
          weights: s['fonts.weights'],
          provider_url: s['fonts.provider_url'],
        },
        custom_code: { css: s['custom_code.css'], html: s['custom_code.html'] },
        landing: s.landing,
        menus: s.menus,
      },
      themes: await deps.themes.all(),
    };
  }

  return {
    view,
    async update(values: AppearanceValues): Promise<AppearanceValues> {
      checkThemes(values.themes);
      const { branding, seo, fonts, custom_code: code, landing, menus } = values.settings;
      await deps.themes.replaceAll(values.themes);
      const settings: Partial<SettingValues> = {
        'branding.site_name': branding.site_name,
        'branding.favicon': orNull(branding.favicon),
        'branding.logo_light': orNull(branding.logo_light),
        'branding.logo_dark': orNull(branding.logo_dark),
        'branding.logo_light_mobile': orNull(branding.logo_light_mobile),
        'branding.logo_dark_mobile': orNull(branding.logo_dark_mobile),
        'branding.splash_video_desktop_link': orNull(branding.splash_video_desktop_link),
        'branding.splash_video_mobile_link': orNull(branding.splash_video_mobile_link),
        ...seo,
        'fonts.family': orNull(fonts.family),
        'fonts.weights': fonts.weights,
        'fonts.provider_url': orNull(fonts.provider_url),
        'custom_code.css': code.css,
        'custom_code.html': sanitizeCustomHtml(code.html),
        landing: {
          ...landing,
          background_image: orNull(landing.background_image),
          primary_features: landing.primary_features.map((f) => ({ ...f, image: orNull(f.image) })),
          secondary_features: landing.secondary_features.map((f) => ({
            ...f,
            image: orNull(f.image),
          })),
        },
        menus,
      };
      await deps.settings.set(settings);
      return view();
    },
  };
}
