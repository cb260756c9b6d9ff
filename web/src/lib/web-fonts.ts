import { DEFAULT_FONT_WEIGHT, WEB_FONT_DISPLAY, type WebFontSettings } from '@backbeat/common';

export interface WebFont {
  family: string;
  weights?: number[];
}

/**
 * The stylesheet address of a font in the CSS2 API that Google Fonts, Bunny Fonts and
 * self-hosted mirrors share: `{provider}/css2?family=Inter:wght@400;700&display=swap`.
 */
export function webFontStylesheetUrl(font: WebFont, providerUrl: string): string {
  const weights = [...new Set(font.weights?.length ? font.weights : [DEFAULT_FONT_WEIGHT])].sort(
    (a, b) => a - b,
  );
  // Spaces become "+" as the CSS2 API writes them; anything else is escaped.
  const name = encodeURIComponent(font.family.trim().replace(/\s+/g, ' ')).replace(/%20/g, '+');
  const base = providerUrl.replace(/\/+$/, '');
  return `${base}/css2?family=${name}:wght@${weights.join(';')}&display=${WEB_FONT_DISPLAY}`;
}

/**
 * Spec §7: loads a font by family and weights (display swap) with one stylesheet link per
 * family, and makes it the primary font. Safe to call again: the link is added once.
 */
export function loadWebFont(font: WebFont, providerUrl: string): HTMLLinkElement {
  const href = webFontStylesheetUrl(font, providerUrl);
  let link = document.head.querySelector<HTMLLinkElement>(
    `link[data-web-font="${CSS.escape(font.family)}"]`,
  );
  if (!link) {
    link = document.createElement('link');
    link.rel = 'stylesheet';
    link.dataset.webFont = font.family;
    document.head.appendChild(link);
  }
  if (link.getAttribute('href') !== href) link.href = href;
  applyFontFamily(font.family);
  return link;
}

/** Makes a family the primary font (a web font loaded above, or one the device has). */
export function applyFontFamily(family: string): void {
  document.documentElement.style.setProperty(
    '--be-font-family',
    `'${family.replace(/['\\]/g, '')}', ui-sans-serif, system-ui, sans-serif`,
  );
}

/** The site's configured font, when it has a family and a provider. */
export function loadConfiguredFont(settings: WebFontSettings | undefined): void {
  if (settings?.family && settings.provider_url) {
    loadWebFont({ family: settings.family, weights: settings.weights }, settings.provider_url);
  } else if (settings?.family) {
    applyFontFamily(settings.family);
  }
}
