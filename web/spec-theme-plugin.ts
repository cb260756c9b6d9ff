import type { Plugin } from 'vite';
import { MOBILE_BREAKPOINT_PX, NAVBAR_HEIGHTS } from '../common/src/constants.ts';

const STYLES = /\/src\/styles\.css(\?.*)?$/;
const REM_PX = 16;

/**
 * The spec's sizes held in common/ (spec §9) become Tailwind theme values, so the web's
 * classes read them instead of repeating the numbers: the `md` breakpoint is the mobile
 * breakpoint (below it the bottom menu replaces the sidebar), and `h-navbar-xs|sm|md` (or
 * `top-…`, `var(--spacing-navbar-…)`) are the navbar's heights. Runs before Tailwind reads
 * web/src/styles.css.
 */
export function specThemeValues(): Plugin {
  const theme = [
    '@theme {',
    `  --breakpoint-md: ${MOBILE_BREAKPOINT_PX / REM_PX}rem;`,
    ...Object.entries(NAVBAR_HEIGHTS).map(([size, px]) => `  --spacing-navbar-${size}: ${px}px;`),
    '}',
  ].join('\n');
  return {
    name: 'backbeat:spec-theme-values',
    enforce: 'pre',
    transform(code, id) {
      if (!STYLES.test(id)) return null;
      // At the end, so the lines of the file keep their numbers; they replace the defaults.
      return { code: `${code}\n${theme}\n`, map: null };
    },
  };
}
