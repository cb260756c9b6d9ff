import { SEO_SETTING_DEFAULTS } from '@backbeat/common';
import { useTrans } from '../../../lib/translator.ts';
import {
  DraftTextArea,
  DraftTextField,
  SectionBody,
  SectionHeader,
  SectionLink,
} from './fields.tsx';

/** The editor's first level: one row per section. */
export function AppearanceSections() {
  const trans = useTrans();
  return (
    <SectionBody>
      <h1 className="text-xl font-semibold">{trans('Appearance')}</h1>
      <nav aria-label={trans('Appearance sections')} className="flex flex-col gap-2">
        <SectionLink to="general" label={trans('General')} hint={trans('Site name, logos')} />
        <SectionLink
          to="themes"
          label={trans('Themes')}
          hint={trans('Colours, font and corners')}
        />
        <SectionLink to="menus" label={trans('Menus')} hint={trans('Navigation links')} />
        <SectionLink
          to="landing-page"
          label={trans('Landing page')}
          hint={trans('Headline, buttons, features')}
        />
        <SectionLink
          to="seo-settings"
          label={trans('SEO settings')}
          hint={trans('Titles and descriptions')}
        />
        <SectionLink to="custom-code" label={trans('Custom code')} hint={trans('CSS and HTML')} />
      </nav>
    </SectionBody>
  );
}

const branding = (key: string) => ['settings', 'branding', key];

export function GeneralSection() {
  const trans = useTrans();
  const logoHint = trans('An image address: a path on this site (/…) or https://…');
  // The optional addresses of the site's branding, each emptied to none.
  const addresses: [key: string, label: string, hint?: string][] = [
    ['favicon', trans('Favicon'), trans('The browser tab’s icon: an SVG, PNG or ICO address.')],
    ['logo_light', trans('Logo on light themes'), logoHint],
    ['logo_dark', trans('Logo on dark themes'), logoHint],
    ['logo_light_mobile', trans('Phone logo on light themes')],
    ['logo_dark_mobile', trans('Phone logo on dark themes')],
    ['splash_video_desktop_link', trans('Splash video (desktop)')],
    ['splash_video_mobile_link', trans('Splash video (phone)')],
  ];
  return (
    <SectionBody>
      <SectionHeader title={trans('General')} back=".." />
      <DraftTextField path={branding('site_name')} label={trans('Site name')} />
      {addresses.map(([key, label, hint]) => (
        <DraftTextField
          key={key}
          path={branding(key)}
          label={label}
          description={hint}
          type="url"
          nullable
        />
      ))}
    </SectionBody>
  );
}

/** Search engine titles and descriptions, per kind of page, with `{{placeholders}}`. */
export function SeoSection() {
  const trans = useTrans();
  return (
    <SectionBody>
      <SectionHeader title={trans('SEO settings')} back=".." />
      <p className="text-xs text-fg-muted">
        {trans('Placeholders like {{site_name}} are filled in for each page.')}
      </p>
      {Object.keys(SEO_SETTING_DEFAULTS).map((name) => (
        <DraftTextArea
          key={name}
          path={['settings', 'seo', name]}
          label={name.replace(/^seo\./, '').replace(/[._]/g, ' ')}
          rows={2}
        />
      ))}
    </SectionBody>
  );
}

export function CustomCodeSection() {
  const trans = useTrans();
  return (
    <SectionBody>
      <SectionHeader title={trans('Custom code')} back=".." />
      <DraftTextArea
        path={['settings', 'custom_code', 'css']}
        label={trans('Custom CSS')}
        description={trans('Added to every page after the site’s own styles.')}
        rows={10}
        code
      />
      <DraftTextArea
        path={['settings', 'custom_code', 'html']}
        label={trans('Custom HTML')}
        description={trans('Added at the end of every page; scripts are removed when saved.')}
        rows={8}
        code
      />
    </SectionBody>
  );
}
