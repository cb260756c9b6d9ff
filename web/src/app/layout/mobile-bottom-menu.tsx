import clsx from 'clsx';
import { MenuLink } from '../../entities/menus/menu-link.tsx';
import { useMenu } from '../../entities/menus/use-menu.ts';
import { useTrans } from '../../lib/translator.ts';
import { Icon, isIconName } from '../../ui/icons.tsx';

/** The bottom tab bar below the mobile breakpoint (MOBILE_BREAKPOINT_PX, Tailwind's `md`). */
export function MobileBottomMenu() {
  const trans = useTrans();
  const menu = useMenu('mobile-bottom');
  if (!menu?.items.length) return null;
  return (
    <nav
      aria-label={trans(menu.name)}
      className="flex shrink-0 items-stretch justify-around border-t border-border bg-navbar pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      {menu.items.map((item) => (
        <MenuLink
          key={item.id}
          item={item}
          className={({ isActive }) =>
            clsx(
              'flex min-w-16 flex-1 flex-col items-center justify-center gap-0.5 py-2 text-[11px] font-medium',
              isActive ? 'text-primary' : 'text-fg-muted',
            )
          }
        >
          {isIconName(item.icon) && <Icon name={item.icon} size={22} whenSettled />}
          {trans(item.label)}
        </MenuLink>
      ))}
    </nav>
  );
}
