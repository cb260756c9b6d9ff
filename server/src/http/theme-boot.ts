import { parseThemeChoice, selectTheme, type Theme } from '@backbeat/common';

// The server is built without DOM types; these are the few browser globals the script uses.
declare const window: {
  bootstrapData: { themes: { all: Theme[] }; settings: { themes: { default_id: unknown } } };
  matchMedia(query: string): { matches: boolean };
};
declare const document: {
  cookie: string;
  documentElement: {
    style: { setProperty(name: string, value: string): void; colorScheme: string };
    classList: { toggle(name: string, on: boolean): void };
    dataset: Record<string, string>;
  };
};

/**
 * Runs inline in <head> before the first paint so the page never flashes the wrong theme.
 * It receives the shared selection functions as arguments (stringified with it), so the
 * rules stay written once in common/.
 */
function applyInitialTheme(select: typeof selectTheme, parse: typeof parseThemeChoice): void {
  const data = window.bootstrapData;
  const match = /(?:^|; )be-active-theme=([^;]*)/.exec(document.cookie);
  const theme = select(
    data.themes.all,
    parse(match ? decodeURIComponent(match[1] ?? '') : null),
    parse(data.settings.themes.default_id as string),
    window.matchMedia('(prefers-color-scheme: dark)').matches,
  );
  if (!theme) return;
  const root = document.documentElement;
  for (const name of Object.keys(theme.values))
    root.style.setProperty(name, theme.values[name] ?? '');
  root.classList.toggle('dark', theme.is_dark);
  root.style.colorScheme = theme.is_dark ? 'dark' : 'light';
  root.dataset.themeId = String(theme.id);
}

// Some TypeScript runners wrap functions in a `__name` helper; the shim keeps the text runnable.
export const themeBootScript = `(function(){var __name=function(f){return f};(${applyInitialTheme.toString()})(${selectTheme.toString()},${parseThemeChoice.toString()})})();`;
