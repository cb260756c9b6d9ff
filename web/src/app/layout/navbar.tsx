import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { buttonClass } from '../../ui/button.tsx';
import { NavbarSearch } from '../../features/search/navbar-search.tsx';
import { Logo } from './logo.tsx';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';
import { UserMenu } from './user-menu.tsx';

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
        <div className="flex items-center gap-1">
          <NotificationBell />
          <UserMenu user={user} />
        </div>
      ) : (
        <Link to="/login" className={buttonClass('primary', 'sm')}>
          {trans('Log in')}
        </Link>
      )}
    </header>
  );
}
