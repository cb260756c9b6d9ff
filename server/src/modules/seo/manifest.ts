import { selectTheme, type Theme } from '@backbeat/common';

const ICON_TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png' };

/** A theme colour (`r g b` channels) as `#rrggbb`. */
function hex(channels: string | undefined, fallback: string): string {
  const parts = channels?.trim().split(/\s+/).map(Number) ?? [];
  if (parts.length !== 3 || parts.some((n) => !Number.isInteger(n) || n < 0 || n > 255))
    return fallback;
  return `#${parts.map((n) => n.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The web app manifest (installable app): the site's name, and its colours from the default
 * light theme; the favicon (an SVG scales to any size) or the admin's logo as icons.
 */
export function webAppManifest(input: {
  siteName: string;
  description: string;
  themes: Theme[];
  logo: string | null;
  /** The admin's favicon (appearance editor); an SVG one stands for the built-in icon. */
  favicon?: string | null;
}) {
  const theme = selectTheme(input.themes, 'light', null, false);
  const values = (theme?.values ?? {}) as Record<string, string>;
  const typeOf = (src: string | null | undefined) =>
    src ? ICON_TYPES[src.split('.').pop()?.toLowerCase() ?? ''] : undefined;
  const customSvg = typeOf(input.favicon) === 'image/svg+xml';
  const icons: { src: string; sizes: string; type: string }[] = [
    { src: customSvg ? input.favicon! : '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    // The built-in icon also as bitmaps, for installs that want PNGs of these sizes.
    ...(customSvg
      ? []
      : [192, 512].map((size) => ({
          src: `/icon-${size}.png`,
          sizes: `${size}x${size}`,
          type: 'image/png',
        }))),
  ];
  const logoType = typeOf(input.logo);
  // An SVG logo scales to every size an install asks for; a bitmap's size is unknown here.
  if (input.logo && logoType === 'image/svg+xml')
    icons.unshift({ src: input.logo, sizes: 'any', type: logoType });
  return {
    name: input.siteName,
    short_name: input.siteName.slice(0, 12),
    description: input.description,
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: hex(values['--be-bg'], '#ffffff'),
    theme_color: hex(values['--be-primary'], '#db2754'),
    icons,
  };
}
