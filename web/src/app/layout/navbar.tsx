import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { useBootstrap, useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { buttonClass } from '../../ui/button.tsx';
import { NavbarSearch } from '../../features/search/navbar-search.tsx';
import { Logo } from '../../entities/branding/logo.tsx';

const AccountControls = lazy(async () => ({
  default: (await import('./account-controls.tsx')).AccountControls,
}));

/** Heights follow spec §9 (NAVBAR_HEIGHTS, as Tailwind values: web/spec-theme-plugin.ts). */
export function Navbar() {
  const trans = useTrans();
  const user = useCurrentUser();
  const registrationDisabled = useBootstrap((d) => d.settings.registration.disable);
  return (
    <header className="sticky top-0 z-40 flex h-navbar-xs shrink-0 items-center gap-3 border-b border-border bg-navbar/95 px-3 backdrop-blur sm:h-navbar-sm md:h-navbar-md md:px-5">
      <Logo />
      <div className="flex flex-1 justify-center px-2">
        <NavbarSearch />
      </div>
      {user ? (
        // The placeholder holds the controls' width, so nothing shifts when they arrive.
        <Suspense fallback={<div aria-hidden className="h-9 w-[76px]" />}>
          <AccountControls user={user} />
        </Suspense>
      ) : (
        // Spec 1 §2: Register and Login are shown to guests; Register only while it is open.
        <div className="flex shrink-0 items-center gap-2">
          {!registrationDisabled && (
            <Link to="/register" className={buttonClass('outline', 'sm')}>
              {trans('Register')}
            </Link>
          )}
          <Link to="/login" className={buttonClass('primary', 'sm')}>
            {trans('Log in')}
          </Link>
        </div>
      )}
    </header>
  );
}
