import { useBootstrap } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { IconButton } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Tooltip } from '../../ui/tooltip.tsx';
import { useThemeStore } from '../../entities/theme/theme-store.ts';

/** Light/dark toggle; shown only when the site lets users change theme (spec §6). */
export function ThemeSwitch() {
  const trans = useTrans();
  const allowed = useBootstrap((d) => d.settings.themes.user_change);
  const isDark = useThemeStore((s) => s.active?.is_dark ?? false);
  const choose = useThemeStore((s) => s.choose);
  if (!allowed) return null;
  const label = isDark ? trans('Switch to light mode') : trans('Switch to dark mode');
  return (
    <Tooltip label={label}>
      <IconButton
        label={label}
        data-testid="theme-switch"
        onClick={() => choose(isDark ? 'light' : 'dark')}
      >
        <Icon name={isDark ? 'lightMode' : 'darkMode'} size={20} />
      </IconButton>
    </Tooltip>
  );
}
