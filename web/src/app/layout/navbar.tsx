import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { buttonClass } from '../../ui/button.tsx';
import { NavbarSearch } from '../../features/search/navbar-search.tsx';
import { Logo } from '../../entities/branding/logo.tsx';

const AccountControls = lazy(async () => ({
  default: (await import('./account-controls.tsx')).AccountControls,
}));

/** Heights follow spec §9: 48 px on phones, 54 from sm, 64 from md. */
export function Navbar() {
  const trans = useTrans();
  const user = useCurrentUser();
  return (
    <header className="sticky top-0 z-40 flex h-[48px] shrink-0 items-center gap-3 border-b border-border bg-navbar/95 px-3 backdrop-blur sm:h-[54px] md:h-[64px] md:px-5">
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
        <Link to="/login" className={buttonClass('primary', 'sm')}>
          {trans('Log in')}
        </Link>
      )}
    </header>
  );
}
