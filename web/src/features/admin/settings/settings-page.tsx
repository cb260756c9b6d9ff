import clsx from 'clsx';
import { useState, type FormEvent } from 'react';
import { NavLink, useParams } from 'react-router';
import {
  SETTING_FIELDS,
  SETTINGS_SECTIONS,
  SETTINGS_SECTION_INFO,
  type SettingsSection,
} from '@backbeat/common/admin/settings';
import type { AdminSettings } from '@backbeat/common/admin/site';
import { fieldErrors } from '../../../lib/api-error.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { showErrorToast } from '../../../ui/toast/error-toast.ts';
import { toast } from '../../../ui/toast/toast-store.ts';
import { NotFoundPage } from '../../../entities/errors/error-pages.tsx';
import { useAdminSettings, useSaveSettings } from './queries.ts';
import { EnvironmentFacts, NoPaymentProviderWarning } from './environment-facts.tsx';
import { SettingFieldInput, toDisplay, toStored } from './setting-field.tsx';
import { TestEmailPanel } from './test-email.tsx';

/** `/admin/settings/{section}`: the 16 sections, each a form built from the declaration. */
export function SettingsPage() {
  const trans = useTrans();
  const { section = 'general' } = useParams();
  const settings = useAdminSettings();
  if (!(SETTINGS_SECTIONS as readonly string[]).includes(section)) return <NotFoundPage />;
  const current = section as SettingsSection;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 md:flex-row">
      <nav aria-label={trans('Settings sections')} className="md:w-52 md:shrink-0">
        <h1 className="mb-3 text-2xl font-semibold">{trans('Settings')}</h1>
        <ul className="flex gap-1 overflow-x-auto pb-2 md:flex-col md:overflow-visible">
          {SETTINGS_SECTIONS.map((name) => (
            <li key={name}>
              <NavLink
                to={`/admin/settings/${name}`}
                className={({ isActive }) =>
                  clsx(
                    'block rounded-lg px-3 py-2 text-sm whitespace-nowrap hover:bg-bg-hover',
                    'focus-visible:outline-2 focus-visible:outline-primary',
                    (isActive || (name === 'general' && !section)) && 'bg-bg-hover font-semibold',
                  )
                }
              >
                {trans(SETTINGS_SECTION_INFO[name].label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        {settings.isPending ? (
          <div className="flex flex-col gap-4" aria-busy="true">
            <Skeleton className="h-8 w-48" />
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : settings.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3">
            <p>{trans('The settings could not be loaded.')}</p>
            <Button variant="outline" onClick={() => void settings.refetch()}>
              {trans('Try again')}
            </Button>
          </div>
        ) : (
          <SectionForm key={current} section={current} data={settings.data} />
        )}
      </div>
    </div>
  );
}

function SectionForm({ section, data }: { section: SettingsSection; data: AdminSettings }) {
  const trans = useTrans();
  const info = SETTINGS_SECTION_INFO[section];
  const fields = SETTING_FIELDS.filter((field) => field.section === section);
  const [values, setValues] = useState<Record<string, unknown>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, toDisplay(f, data.settings[f.name])])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveSettings();

  const focusFirst = (names: string[]) => {
    const first = fields.find((f) => names.includes(f.name));
    if (first) document.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    const found: Record<string, string> = {};
    for (const field of fields) {
      const stored = toStored(field, values[field.name]);
      if (field.secret && !stored) continue;
      const parsed = field.schema.safeParse(stored);
      if (parsed.success) body[field.name] = stored;
      else found[field.name] = trans(parsed.error.issues[0]?.message ?? 'This value is invalid.');
    }
    setErrors(found);
    if (Object.keys(found).length) return focusFirst(Object.keys(found));
    try {
      await save.mutateAsync(body);
      setValues((shown) => ({
        ...shown,
        ...Object.fromEntries(fields.filter((f) => f.secret).map((f) => [f.name, ''])),
      }));
      toast(trans('Settings saved'));
    } catch (error) {
      const server = fieldErrors(error);
      const known = Object.keys(server).filter((name) => name in values);
      if (!known.length) return showErrorToast(error, trans);
      setErrors(Object.fromEntries(known.map((name) => [name, trans(server[name]!)])));
      focusFirst(known);
    }
  };

  return (
    <section aria-labelledby="settings-section-title" className="flex flex-col gap-6">
      <header>
        <h2 id="settings-section-title" className="text-xl font-semibold">
          {trans(info.label)}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">{trans(info.description)}</p>
      </header>
      {info.environment && <EnvironmentFacts keys={info.environment} values={data.environment} />}
      {section === 'subscriptions' && (
        <NoPaymentProviderWarning billingOn={values['billing.enable'] === true} />
      )}
      {fields.length > 0 && (
        <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
          {fields.map((field) => (
            <SettingFieldInput
              key={field.name}
              field={field}
              value={values[field.name]}
              error={errors[field.name]}
              secretSet={data.secrets[field.name]}
              onChange={(value) => setValues((shown) => ({ ...shown, [field.name]: value }))}
            />
          ))}
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? trans('Saving…') : trans('Save')}
            </Button>
          </div>
        </form>
      )}
      {section === 'outgoing-email' && <TestEmailPanel />}
    </section>
  );
}
