import clsx from 'clsx';
import { Suspense, lazy } from 'react';
import { MenuLink } from '../../entities/menus/menu-link.tsx';
import { useMenu } from '../../entities/menus/use-menu.ts';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { Icon, isIconName } from '../../ui/icons.tsx';

function SidebarMenu({
  position,
  title,
}: {
  position: 'sidebar-primary' | 'sidebar-secondary';
  title?: boolean;
}) {
  const trans = useTrans();
  const menu = useMenu(position);
  if (!menu?.items.length) return null;
  return (
    <nav aria-label={trans(menu.name)} className="flex flex-col gap-0.5">
      {title && (
        <h2 className="px-3 pt-5 pb-2 text-xs font-semibold tracking-wider text-fg-muted uppercase">
          {trans(menu.name)}
        </h2>
      )}
      {menu.items.map((item) => (
        <MenuLink
          key={item.id}
          item={item}
          className={({ isActive }) =>
            clsx(
              'flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:outline-primary',
              // Text in the body colour (the brand colour on its tint read 3.7:1); the icon and
              // a bar carry the brand colour.
              isActive
                ? 'bg-primary/10 font-semibold text-fg shadow-[inset_3px_0_0_rgb(var(--be-primary))] [&>svg]:text-primary'
                : 'text-fg-muted hover:bg-bg-hover hover:text-fg',
            )
          }
        >
          {isIconName(item.icon) && <Icon name={item.icon} size={20} whenSettled />}
          {trans(item.label)}
        </MenuLink>
      ))}
    </nav>
  );
}

/** Only signed-in listeners have playlists, so guests never download this part. */
const SidebarPlaylists = lazy(async () => ({
  default: (await import('../../features/library/components/sidebar-playlists.tsx'))
    .SidebarPlaylists,
}));

export function Sidebar() {
  const user = useCurrentUser();
  return (
    <aside className="hidden w-60 shrink-0 flex-col overflow-y-auto border-r border-border bg-sidebar px-3 py-4 md:flex">
      <SidebarMenu position="sidebar-primary" />
      <SidebarMenu position="sidebar-secondary" title />
      {user && (
        <Suspense fallback={null}>
          <SidebarPlaylists />
        </Suspense>
      )}
    </aside>
  );
}
