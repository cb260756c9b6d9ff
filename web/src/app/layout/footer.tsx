import { LanguagePicker } from '../../features/locale/language-picker.tsx';
import { MenuLink } from '../../features/menus/menu-link.tsx';
import { useMenu } from '../../features/menus/use-menu.ts';
import { ThemeSwitch } from '../../features/theme/theme-switch.tsx';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';

export function Footer() {
  const trans = useTrans();
  const menu = useMenu('footer');
  const copyright = useBootstrap((d) => d.settings.copyright);
  const siteName = useBootstrap((d) => d.branding.site_name);
  return (
    <footer className="mt-auto border-t border-border px-4 py-6 text-sm text-fg-muted md:px-8">
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        {menu && menu.items.length > 0 && (
          <nav aria-label={trans(menu.name)} className="flex flex-wrap gap-x-5 gap-y-2">
            {menu.items.map((item) => (
              <MenuLink key={item.id} item={item} className={() => 'hover:text-fg hover:underline'}>
                {trans(item.label)}
              </MenuLink>
            ))}
          </nav>
        )}
        <div className="flex items-center gap-3">
          <LanguagePicker />
          <ThemeSwitch />
        </div>
      </div>
      <p className="mt-4">{trans(copyright, { year: new Date().getFullYear(), siteName })}</p>
    </footer>
  );
}
