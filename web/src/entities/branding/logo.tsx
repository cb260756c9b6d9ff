import { Link } from 'react-router';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { useThemeStore } from '../theme/theme-store.ts';

/** The site logo (light or dark variant by theme), or a wordmark when none is uploaded. */
export function Logo() {
  const branding = useBootstrap((d) => d.branding);
  const isDark = useThemeStore((s) => s.active?.is_dark ?? false);
  const image = isDark ? branding.logo_dark : branding.logo_light;
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-primary"
    >
      {image ? (
        <img src={image} alt={branding.site_name} className="h-8 w-auto" />
      ) : (
        <>
          <img src="/favicon.svg" alt="" width={30} height={30} />
          <span className="text-lg font-extrabold tracking-tight text-fg">
            {branding.site_name}
          </span>
        </>
      )}
    </Link>
  );
}
