import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SELF_HOSTED_FONT_FAMILIES, SELF_HOSTED_FONTS_URL } from '@backbeat/common';
import type { ThemeInput } from '@backbeat/common/admin/appearance';
import { NotFoundPage } from '../../../entities/errors/error-pages.tsx';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/text-field.tsx';
import { previewTheme, previewThemeValue, useAppearanceEditor } from './editor-store.ts';
import { DraftTextField, SectionBody, SectionHeader, SectionLink, setAt } from './fields.tsx';

/** "219 39 84" ↔ "#db2754": themes store RGB channels, the colour picker speaks hex. */
export const channelsToHex = (value: string) =>
  '#' +
  value
    .split(' ')
    .map((channel) => Math.max(0, Math.min(255, Number(channel) || 0)))
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('');
export const hexToChannels = (hex: string) =>
  [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)).join(' ');

const isColour = (value: string) => /^\d{1,3} \d{1,3} \d{1,3}$/.test(value);
/** What each colour variable paints, in the words of someone styling a site. */
const COLOUR_LABELS: Record<string, string> = {
  '--be-bg': 'Background',
  '--be-bg-alt': 'Alternate background',
  '--be-bg-elevated': 'Cards and menus',
  '--be-bg-hover': 'Hover',
  '--be-fg': 'Text',
  '--be-fg-muted': 'Muted text',
  '--be-border': 'Borders',
  '--be-primary': 'Primary',
  '--be-primary-hover': 'Primary hover',
  '--be-on-primary': 'Text on primary',
  '--be-danger': 'Danger',
  '--be-positive': 'Success',
  '--be-warning': 'Warning',
  '--be-navbar': 'Navbar',
  '--be-sidebar': 'Sidebar',
};
/** A known variable's label, else its name (`--be-primary-hover` → "Primary hover"). */
const labelOf = (name: string) => {
  const known = COLOUR_LABELS[name];
  if (known) return known;
  const words = name.replace(/^--be-/, '').replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function useThemes() {
  const themes = useAppearanceEditor((s) => s.draft?.themes ?? []);
  const change = useAppearanceEditor((s) => s.change);
  const setThemes = (update: (themes: ThemeInput[]) => ThemeInput[]) =>
    change((draft) => ({ ...draft, themes: update(draft.themes) }));
  return { themes, setThemes };
}

export function ThemesSection() {
  const trans = useTrans();
  const navigate = useNavigate();
  const { themes, setThemes } = useThemes();
  const addTheme = () => {
    const base = themes[0];
    setThemes((list) => [
      ...list,
      {
        name: trans('New theme'),
        is_dark: base?.is_dark ?? false,
        default_light: false,
        default_dark: false,
        values: { ...(base?.values ?? {}) },
      },
    ]);
    void navigate(String(themes.length));
  };
  return (
    <SectionBody>
      <SectionHeader title={trans('Themes')} back=".." />
      <ul aria-label={trans('Themes')} className="flex flex-col gap-2">
        {themes.map((theme, index) => (
          <li key={theme.id ?? `new-${index}`}>
            <SectionLink
              to={String(index)}
              label={theme.name}
              hint={[
                theme.is_dark ? trans('Dark') : trans('Light'),
                theme.default_light && trans('Default for light mode'),
                theme.default_dark && trans('Default for dark mode'),
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </li>
        ))}
      </ul>
      <Button variant="outline" size="sm" className="w-fit" onClick={addTheme}>
        {trans('Add a theme')}
      </Button>
    </SectionBody>
  );
}

/** `themes/{themeIndex}`: every colour variable with a colour picker, and the theme's flags. */
export function ThemeEditorSection() {
  const trans = useTrans();
  const navigate = useNavigate();
  const index = Number(useParams().themeIndex);
  const { themes, setThemes } = useThemes();
  const theme = themes[index];
  useEffect(() => {
    if (theme?.id) previewTheme(theme.id);
  }, [theme?.id]);
  if (!theme) return <NotFoundPage />;
  const update = (path: (string | number)[], value: unknown) =>
    setThemes((list) => setAt(list, [index, ...path], value));
  const colours = Object.entries(theme.values).filter(([, value]) => isColour(value));
  return (
    <SectionBody>
      <SectionHeader title={theme.name} back=".." />
      <DraftTextField path={['themes', index, 'name']} label={trans('Theme name')} />
      <Checkbox
        label={trans('Dark theme')}
        checked={theme.is_dark}
        onChange={(event) => update(['is_dark'], event.target.checked)}
      />
      <Checkbox
        label={trans('Default for light mode')}
        checked={theme.default_light}
        onChange={(event) => update(['default_light'], event.target.checked)}
      />
      <Checkbox
        label={trans('Default for dark mode')}
        checked={theme.default_dark}
        onChange={(event) => update(['default_dark'], event.target.checked)}
      />
      <div className="flex flex-col gap-2">
        <SectionLink to="font" label={trans('Font')} />
        <SectionLink to="radius" label={trans('Corners')} hint={theme.values['--be-radius']} />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">{trans('Colours')}</legend>
        {colours.map(([name, value]) => (
          <label key={name} className="flex items-center justify-between gap-3 text-sm">
            {trans(labelOf(name))}
            <input
              type="color"
              value={channelsToHex(value)}
              onChange={(event) => {
                const channels = hexToChannels(event.target.value);
                previewThemeValue(name, channels);
                update(['values', name], channels);
              }}
              className="h-8 w-14 cursor-pointer rounded border border-border bg-transparent"
            />
          </label>
        ))}
      </fieldset>
      {themes.length > 1 && (
        <Button
          variant="text"
          size="sm"
          className="w-fit text-danger"
          onClick={() => {
            setThemes((list) => list.filter((_, i) => i !== index));
            void navigate('..', { relative: 'path' });
          }}
        >
          {trans('Delete this theme')}
        </Button>
      )}
    </SectionBody>
  );
}

const WEIGHTS = [300, 400, 500, 600, 700, 800];
/** Families every device has, needing no download at all. */
const DEVICE_FAMILIES = ['Georgia', 'Verdana', 'Trebuchet MS', 'Courier New'];

/** `themes/{themeIndex}/font`: the site's font family and weights. */
export function ThemeFontSection() {
  const trans = useTrans();
  const fonts = useAppearanceEditor((s) => s.draft!.settings.fonts);
  const change = useAppearanceEditor((s) => s.change);
  const set = (patch: Partial<typeof fonts>) =>
    change((draft) => setAt(draft, ['settings', 'fonts'], { ...fonts, ...patch }));
  const hosted: readonly string[] = SELF_HOSTED_FONT_FAMILIES;
  // A family from another font service stays listed so the form shows what is stored.
  const other =
    fonts.family && !hosted.includes(fonts.family) && !DEVICE_FAMILIES.includes(fonts.family)
      ? fonts.family
      : null;
  const choose = (family: string) => {
    if (!family) return set({ family: null, provider_url: null });
    if (hosted.includes(family)) return set({ family, provider_url: SELF_HOSTED_FONTS_URL });
    if (DEVICE_FAMILIES.includes(family)) return set({ family, provider_url: null });
    set({ family });
  };
  return (
    <SectionBody>
      <SectionHeader title={trans('Font')} back=".." />
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        {trans('Font family')}
        <select
          value={fonts.family ?? ''}
          onChange={(event) => choose(event.target.value)}
          className="h-9 rounded-lg border border-border bg-bg-elevated px-2 text-sm"
        >
          <option value="">{trans('The system’s font')}</option>
          <optgroup label={trans('Served by this site')}>
            {hosted.map((family) => (
              <option key={family} value={family}>
                {family}
              </option>
            ))}
          </optgroup>
          <optgroup label={trans('Installed on every device')}>
            {DEVICE_FAMILIES.map((family) => (
              <option key={family} value={family}>
                {family}
              </option>
            ))}
          </optgroup>
          {other && <option value={other}>{other}</option>}
        </select>
      </label>
      <DraftTextField
        path={['settings', 'fonts', 'provider_url']}
        label={trans('Web font provider')}
        description={trans(
          'Only for a family from another CSS2 font service (https://fonts.bunny.net); the families above need none.',
        )}
        type="url"
        nullable
      />
      <fieldset className="flex flex-wrap gap-3">
        <legend className="mb-1 text-sm font-semibold">{trans('Weights')}</legend>
        {WEIGHTS.map((weight) => (
          <Checkbox
            key={weight}
            label={String(weight)}
            checked={fonts.weights.includes(weight)}
            onChange={(event) =>
              set({
                weights: event.target.checked
                  ? [...fonts.weights, weight].sort((a, b) => a - b)
                  : fonts.weights.filter((w) => w !== weight),
              })
            }
          />
        ))}
      </fieldset>
    </SectionBody>
  );
}

const RADII = ['0px', '4px', '6px', '10px', '16px', '24px'];

/** `themes/{themeIndex}/radius`: how round corners are. */
export function ThemeRadiusSection() {
  const trans = useTrans();
  const index = Number(useParams().themeIndex);
  const { themes, setThemes } = useThemes();
  const theme = themes[index];
  if (!theme) return <NotFoundPage />;
  const current = theme.values['--be-radius'] ?? '10px';
  return (
    <SectionBody>
      <SectionHeader title={trans('Corners')} back=".." />
      <fieldset className="grid grid-cols-3 gap-2">
        <legend className="sr-only">{trans('Corner radius')}</legend>
        {RADII.map((radius) => (
          <label
            key={radius}
            className="flex cursor-pointer flex-col items-center gap-2 rounded-lg border border-border p-3 text-xs has-checked:border-primary has-checked:bg-primary/10"
          >
            <span
              aria-hidden="true"
              className="size-10 border-2 border-fg-muted"
              style={{ borderRadius: radius }}
            />
            <input
              type="radio"
              name="radius"
              className="sr-only"
              checked={current === radius}
              onChange={() => {
                previewThemeValue('--be-radius', radius);
                setThemes((list) => setAt(list, [index, 'values', '--be-radius'], radius));
              }}
            />
            {radius}
          </label>
        ))}
      </fieldset>
    </SectionBody>
  );
}
