import {
  APPEARANCE_EDITOR_PARAM,
  APPEARANCE_MESSAGE_SOURCE,
  mergeAppearanceValues,
  type BootstrapData,
  type Theme,
} from '@backbeat/common';
import { getBootstrap, useBootstrapStore } from '../../lib/bootstrap.ts';
import { loadWebFont } from '../../lib/web-fonts.ts';
import { applyTheme, useThemeStore } from '../theme/theme-store.ts';
import { createPreviewReceiver } from './preview-receiver.ts';

const CUSTOM_CSS_ID = 'be-custom-css';
const CUSTOM_HTML_ID = 'be-custom-html';

/** The site is framed by the appearance editor (spec 1 §4). */
export function isAppearancePreview(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.parent !== window &&
    new URLSearchParams(window.location.search).get(APPEARANCE_EDITOR_PARAM) === 'true'
  );
}

function setCustomCode(kind: 'css' | 'html', content: string | null) {
  const id = kind === 'css' ? CUSTOM_CSS_ID : CUSTOM_HTML_ID;
  document.getElementById(id)?.remove();
  if (content === null || content === '') return;
  if (kind === 'css') {
    const style = document.createElement('style');
    style.id = id;
    style.textContent = content;
    document.head.appendChild(style);
  } else {
    // The admin's own markup, shown as the live site will show it (the page's CSP still
    // keeps any script in it from running).
    const container = document.createElement('div');
    container.id = id;
    container.innerHTML = content;
    document.body.appendChild(container);
  }
}

/**
 * Inside the editor's frame: says "loaded" to the parent (never to `*`), then applies what
 * the editor sends, without saving anything. Returns a stop function.
 */
export function startAppearancePreview(): () => void {
  if (!isAppearancePreview()) return () => {};
  const receive = createPreviewReceiver({
    hostname: window.location.hostname,
    parent: window.parent,
    handlers: {
      setValues(values) {
        const data = getBootstrap();
        const next: BootstrapData = {
          ...data,
          settings: values.settings
            ? mergeAppearanceValues(data.settings, values.settings)
            : data.settings,
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
        } else {
          document.documentElement.style.removeProperty('--font-sans');
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
