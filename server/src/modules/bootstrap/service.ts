import {
  COOKIE_NOTICE_COOKIE,
  DEFAULT_LANGUAGE,
  DEFAULT_WORKSPACE,
  SUBSCRIPTION_PERMISSION_FALLBACKS,
  THEME_COOKIE,
  hasPermission,
  isSubscribed,
  parseThemeChoice,
  type BootstrapData,
  type Locale,
  type Permission,
  type PublicSettings,
  type SubscriptionPermissions,
  type User,
} from '@backbeat/common';
import { AD_SLOTS } from '@backbeat/common/admin/settings';
import { cached } from '../../lib/cache.ts';
import type { LocalizationsRepository } from '../localizations/repository.ts';
import type { SettingValues } from '../settings/defaults.ts';
import type { SettingsService } from '../settings/service.ts';
import type { ThemesRepository } from '../themes/repository.ts';

const TTL_MS = 10_000;
const NO_LOCALIZATIONS: BootstrapData['localizations'] = [];
const NO_WORKSPACES: BootstrapData['workspaces'] = [];
const FALLBACK_LOCALE: Locale = { id: 0, name: 'English', language: 'en', lines: {} };
/** A guest's language choice; a user's lives on their account. */
export const LOCALE_COOKIE = 'locale';

export interface BootstrapContext {
  user: User | null;
  cookies: Record<string, string | undefined>;
  userAgent: string | undefined;
  baseUrl: string;
  debug: boolean;
  /** The viewer's workspaces when the caller has them already (viewer-cache.ts). */
  workspaces?: BootstrapData['workspaces'];
}

export type BootstrapService = ReturnType<typeof createBootstrapService>;

/** A provider shows only when it is enabled and configured with its credentials. */
function socialReady(
  s: SettingValues,
  service: 'google' | 'facebook' | 'twitter' | 'envato',
): boolean {
  return (
    s[`social.${service}.enable`] &&
    !!s[`social.${service}.client_id`] &&
    !!s[`social.${service}.client_secret`]
  );
}

function publicSettings(
  s: SettingValues,
  debug: boolean,
  demo: { email: string; password: string } | null,
  onS3: boolean,
): PublicSettings {
  return {
    homepage: { type: s['homepage.type'] },
    themes: { default_id: s['themes.default_id'], user_change: s['themes.user_change'] },
    dates: { default_timezone: s['dates.default_timezone'], format: s['dates.format'] },
    i18n: { enable: s['i18n.enable'] },
    billing: { enable: s['billing.enable'] },
    registration: { disable: s['registration.disable'], policies: s['registration.policies'] },
    require_email_confirmation: s.require_email_confirmation,
    social: {
      compact_buttons: s['social.compact_buttons'],
      google: { enable: socialReady(s, 'google') },
      facebook: { enable: socialReady(s, 'facebook') },
      twitter: { enable: socialReady(s, 'twitter') },
      envato: { enable: socialReady(s, 'envato') },
    },
    recaptcha: { site_key: s['recaptcha.site_key'], enable: s['recaptcha.enable'] },
    site: {
      demo: s['site.demo'],
      debug,
      // Demo sites prefill the login form; the credentials are public only in demo mode.
      ...(demo ? { demo_email: demo.email, demo_password: demo.password } : {}),
    },
    copyright: s.copyright,
    fonts: {
      family: s['fonts.family'],
      weights: s['fonts.weights'],
      provider_url: s['fonts.provider_url'],
    },
    uploads: {
      chunk: s['uploads.chunk'],
      chunk_size: s['uploads.chunk_size'],
      max_size: s['uploads.max_size'],
      allowed_extensions: s['uploads.allowed_extensions'],
      blocked_extensions: s['uploads.blocked_extensions'],
      s3_direct_upload: onS3 && s['uploads.s3_direct_upload'],
    },
    player: {
      default_volume: s['player.default_volume'],
      seekbar_type: s['player.seekbar_type'],
      hide_queue: s['player.hide_queue'],
      hide_lyrics: s['player.hide_lyrics'],
      enable_download: s['player.enable_download'],
      enable_repost: s['player.enable_repost'],
      track_comments: s['player.track_comments'],
      crossfade_seconds: s['player.crossfade_seconds'],
      normalisation: s['player.normalisation'],
      target_lufs: s['player.target_lufs'],
      equaliser_preset: s['player.equaliser_preset'],
    },
    ads: Object.fromEntries(
      AD_SLOTS.filter((slot) => s[slot.key]).map((slot) => [
        slot.key.slice('ads.'.length),
        s[slot.key],
      ]),
    ),
  };
}

/**
 * Playback follows the permissions, which with billing on include the plan's (the valid
 * subscription's, else the free plan's); the plan also names itself and may turn ads off.
 */
export function subscriptionPermissions(
  user: User | null,
  guestPermissions: Permission[],
  plan: { name: string; no_ads: boolean } | null = null,
): SubscriptionPermissions {
  const viewer = { user, guestPermissions };
  const subscribed = isSubscribed(user);
  return {
    ...SUBSCRIPTION_PERMISSION_FALLBACKS,
    // No ads for a plan without ads, nor for a role holding `ads.disable` (admins hold all).
    ads_enabled: !hasPermission(viewer, 'ads.disable') && !plan?.no_ads,
    can_play_audio: hasPermission(viewer, 'music.play'),
    can_play_video: hasPermission(viewer, 'music.play'),
    has_subscription: subscribed,
    ...(plan ? { current_plan: plan.name } : {}),
  };
}

export function createBootstrapService(deps: {
  settings: SettingsService;
  /** Direct uploads are offered only when files live in S3. */
  storageDriver: 'local' | 's3';
  themes: ThemesRepository;
  guestRole: () => Promise<{ id: number; permissions: Permission[] } | null>;
  localizations: LocalizationsRepository;
  /** The user's workspaces, the personal Default one first (workspaces module). */
  workspacesOf?: (userId: number) => Promise<BootstrapData['workspaces']>;
  /** A demo site's login credentials, configured or made at random (users/demo-account.ts). */
  demoCredentials?: (s: SettingValues) => Promise<{ email: string; password: string } | null>;
  /** The plan behind the subscription permissions; null while billing is off. */
  planOf?: (user: User | null) => Promise<{ name: string; no_ads: boolean } | null>;
}) {
  const themes = cached(() => deps.themes.all(), TTL_MS);
  const { guestRole } = deps;
  const localizationList = cached(() => deps.localizations.list(), TTL_MS);
  const locales = new Map<string, ReturnType<typeof cached<Locale | null>>>();
  const locale = (language: string) => {
    let entry = locales.get(language);
    if (!entry) {
      entry = cached(() => deps.localizations.findByLanguage(language), TTL_MS);
      locales.set(language, entry);
    }
    return entry();
  };

  /*
   * What every viewer gets is made once per settings version (the settings service hands out
   * the same values object until they change) and per theme list, not on every page: the app
   * page finds its compressed JSON again by these objects (http/spa.ts). They are never
   * changed in place; a change makes new ones.
   */
  type Shared = Pick<BootstrapData, 'settings' | 'branding' | 'custom_code' | 'cookie_notice'>;
  const sharedBySettings = new WeakMap<SettingValues, { key: string; shared: Shared }>();
  function sharedOf(
    settings: SettingValues,
    debug: boolean,
    demo: { email: string; password: string } | null,
  ): Shared {
    const key = `${debug}\u0000${demo?.email ?? ''}\u0000${demo?.password ?? ''}`;
    const hit = sharedBySettings.get(settings);
    if (hit?.key === key) return hit.shared;
    const shared: Shared = {
      settings: publicSettings(settings, debug, demo, deps.storageDriver === 's3'),
      branding: {
        site_name: settings['branding.site_name'],
        favicon: settings['branding.favicon'],
        logo_light: settings['branding.logo_light'],
        logo_dark: settings['branding.logo_dark'],
        logo_light_mobile: settings['branding.logo_light_mobile'],
        logo_dark_mobile: settings['branding.logo_dark_mobile'],
        splash_video_desktop_link: settings['branding.splash_video_desktop_link'],
        splash_video_mobile_link: settings['branding.splash_video_mobile_link'],
      },
      custom_code: { css: settings['custom_code.css'], html: settings['custom_code.html'] },
      cookie_notice: {
        enable: settings['cookie_notice.enable'],
        position: settings['cookie_notice.position'],
        button: { label: settings['cookie_notice.button'] },
        text: settings['cookie_notice.text'],
      },
    };
    sharedBySettings.set(settings, { key, shared });
    return shared;
  }
  const themeChoices = new WeakMap<object, Map<number | null, BootstrapData['themes']>>();
  function themeChoice(all: BootstrapData['themes']['all'], selected: number | null) {
    let choices = themeChoices.get(all);
    if (!choices) themeChoices.set(all, (choices = new Map()));
    let choice = choices.get(selected);
    // A cookie's theme id is whatever the browser sends: only the themes that exist are kept.
    if (!choice) {
      choice = { all, selectedThemeId: selected };
      if (selected === null || all.some((theme) => theme.id === selected)) {
        choices.set(selected, choice);
      }
    }
    return choice;
  }

  // The same for the same user object (the request's, kept while it holds), guest role and
  // plan: the page then finds the viewer's compressed part again (http/spa.ts).
  const permissionsKept = new WeakMap<
    object,
    { guest: Permission[]; plan: string; value: SubscriptionPermissions }
  >();
  function keptPermissions(
    user: User | null,
    guestPermissions: Permission[],
    plan: { name: string; no_ads: boolean } | null,
  ): SubscriptionPermissions {
    const key = user ?? guestPermissions;
    const planKey = plan ? `${plan.no_ads}\u0000${plan.name}` : '';
    const hit = permissionsKept.get(key);
    if (hit?.guest === guestPermissions && hit.plan === planKey) return hit.value;
    const value = subscriptionPermissions(user, guestPermissions, plan);
    permissionsKept.set(key, { guest: guestPermissions, plan: planKey, value });
    return value;
  }

  return {
    async build(ctx: BootstrapContext): Promise<BootstrapData> {
      const [settings, allThemes, guest, languages, workspaces, plan] = await Promise.all([
        deps.settings.all(),
        themes(),
        guestRole(),
        localizationList(),
        ctx.workspaces ?? (ctx.user && deps.workspacesOf ? deps.workspacesOf(ctx.user.id) : null),
        deps.planOf?.(ctx.user) ?? null,
      ]);
      const i18n = settings['i18n.enable'];
      const chosen = ctx.user ? ctx.user.language : ctx.cookies[LOCALE_COOKIE];
      const wanted = (i18n && chosen) || DEFAULT_LANGUAGE;
      const activeLocale =
        (await locale(wanted)) ?? (await locale(DEFAULT_LANGUAGE)) ?? FALLBACK_LOCALE;
      const storedTheme = parseThemeChoice(ctx.cookies[THEME_COOKIE]);
      const guestPermissions = guest?.permissions ?? [];
      const demo = settings['site.demo']
        ? ((await deps.demoCredentials?.(settings)) ?? null)
        : null;
      const shared = sharedOf(settings, ctx.debug, demo);

      return {
        user: ctx.user,
        guest_role: guest,
        settings: shared.settings,
        themes: themeChoice(allThemes, typeof storedTheme === 'number' ? storedTheme : null),
        menus: settings.menus,
        branding: shared.branding,
        landing: settings.landing,
        custom_code: shared.custom_code,
        base_url: ctx.baseUrl,
        cookie_notice: shared.cookie_notice,
        show_cookie_notice:
          shared.cookie_notice.enable && ctx.cookies[COOKIE_NOTICE_COOKIE] !== 'true',
        require_email_confirmation: settings.require_email_confirmation,
        is_mobile_device: /Mobi|Android|iPhone|iPad|iPod/i.test(ctx.userAgent ?? ''),
        subscription_permissions: keptPermissions(ctx.user, guestPermissions, plan),
        locale: activeLocale,
        localizations: i18n ? languages : NO_LOCALIZATIONS,
        workspaces: workspaces ?? (ctx.user ? [{ ...DEFAULT_WORKSPACE }] : NO_WORKSPACES),
      };
    },
    /** The locale with its lines, or null when the language has no localization. */
    locale: (language: string) => locale(language),
    clearCaches() {
      themes.clear();
      localizationList.clear();
      locales.clear();
    },
  };
}
