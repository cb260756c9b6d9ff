import {
  APPEARANCE_MESSAGE_SOURCE,
  mergeAppearanceValues,
  type BootstrapData,
  type Theme,
} from '@backbeat/common';
import { getBootstrap, useBootstrapStore } from '../../lib/bootstrap.ts';
import { loadWebFont, applyFontFamily } from '../../lib/web-fonts.ts';
import { applyCustomCode, setCustomCode } from './custom-code.ts';
import { applyTheme, useThemeStore } from '../theme/theme-store.ts';
import { createPreviewReceiver } from './preview-receiver.ts';

/**
 * Inside the editor's frame (preview.ts loads this only there): says "loaded" to the parent (never to `*`), then applies what
 * the editor sends, without saving anything. Returns a stop function.
 */
export function listenToAppearanceEditor(): () => void {
  const receive = createPreviewReceiver({
    origin: window.location.origin,
    parent: window.parent,
    handlers: {
      setValues(values) {
        const data = getBootstrap();
        // The editor's settings hold what every page reads from its own part of the bootstrap
        // (branding, menus, landing page, custom code); the rest merges into `settings`.
        const {
          branding,
          menus,
          landing,
          custom_code: code,
          ...rest
        } = (values.settings ?? {}) as Partial<
          Pick<BootstrapData, 'branding' | 'menus' | 'landing' | 'custom_code'>
        > &
          Record<string, unknown>;
        if (code) applyCustomCode(mergeAppearanceValues(data.custom_code, code));
        const next: BootstrapData = {
          ...data,
          settings: mergeAppearanceValues(data.settings, rest),
          branding: branding ? mergeAppearanceValues(data.branding, branding) : data.branding,
          menus: menus ?? data.menus,
          landing: landing ? mergeAppearanceValues(data.landing, landing) : data.landing,
          custom_code: code ? mergeAppearanceValues(data.custom_code, code) : data.custom_code,
          themes: values.themes
            ? {
                ...data.themes,
                all: mergeAppearanceValues(data.themes.all, values.themes) as Theme[],
              }
            : data.themes,
        };
        useBootstrapStore.getState().replace(next);
        useThemeStore.getState().refresh();
      },
      setThemeFont(font) {
        if (font?.family) {
          const provider = font.provider_url ?? getBootstrap().settings.fonts?.provider_url;
          if (provider) loadWebFont({ family: font.family, weights: font.weights }, provider);
          else applyFontFamily(font.family);
        } else {
          document.documentElement.style.removeProperty('--be-font-family');
        }
      },
      setThemeValue(name, value) {
        document.documentElement.style.setProperty(name, value);
      },
      setActiveTheme(themeId) {
        const theme = getBootstrap().themes.all.find((t) => t.id === themeId);
        if (theme) applyTheme(theme);
      },
      setCustomCode,
    },
  });
  const onMessage = (event: MessageEvent) => void receive(event);
  window.addEventListener('message', onMessage);
  window.parent.postMessage(
    { source: APPEARANCE_MESSAGE_SOURCE, type: 'appearanceEditorLoaded' },
    window.location.origin,
  );
  return () => window.removeEventListener('message', onMessage);
}
