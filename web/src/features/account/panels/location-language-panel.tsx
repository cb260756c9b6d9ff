import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { User } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useBootstrapStore } from '../../../lib/bootstrap.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { Panel } from '../panel.tsx';
import { accountKeys, setCurrentUser, type ValueLists } from '../queries.ts';

const selectClass =
  'h-[42px] w-full rounded-lg border border-border bg-bg-elevated px-3 text-sm text-fg';

export function LocationLanguagePanel({ user }: { user: User }) {
  const trans = useTrans();
  const [busy, setBusy] = useState(false);
  const lists = useQuery({
    queryKey: accountKeys.valueLists,
    // Asked for all three, so all three are there.
    queryFn: async () =>
      (await api(endpoints.getValueLists, {
        names: ['timezones', 'countries', 'localizations'],
      })) as ValueLists,
    staleTime: Infinity,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      const language = String(form.get('language') ?? '') || null;
      const response = await api(endpoints.updateUser, {
        id: user.id,
        language,
        country: String(form.get('country') ?? '') || null,
        timezone: String(form.get('timezone') ?? '') || null,
      });
      setCurrentUser(response.user);
      if (language && language !== useBootstrapStore.getState().data.locale.language) {
        const { locale } = await api(endpoints.changeLocale, { locale: language });
        useBootstrapStore.getState().patch({ locale });
      }
      toast(trans('Updated account details'));
    } catch (error) {
      toast.danger(trans(errorMessage(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel
      id="location-and-language"
      title={trans('Location and language')}
      description={trans('Your language, country and the timezone dates are shown in.')}
    >
      {lists.isPending && <Spinner size={24} />}
      {lists.isError && <p className="text-sm text-danger">{trans(errorMessage(lists.error))}</p>}
      {lists.data && (
        <form className="grid max-w-2xl gap-4 sm:grid-cols-3" onSubmit={(e) => void submit(e)}>
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            {trans('Language')}
            <select name="language" defaultValue={user.language ?? 'en'} className={selectClass}>
              {lists.data.localizations.map((l) => (
                <option key={l.language} value={l.language}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            {trans('Country')}
            <select name="country" defaultValue={user.country ?? ''} className={selectClass}>
              <option value="">{trans('Not set')}</option>
              {lists.data.countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            {trans('Timezone')}
            <select name="timezone" defaultValue={user.timezone} className={selectClass}>
              {Object.entries(lists.data.timezones).map(([group, zones]) => (
                <optgroup key={group} label={group}>
                  {zones.map((z) => (
                    <option key={z.value} value={z.value}>
                      {z.text}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
          <div className="sm:col-span-3">
            <Button type="submit" disabled={busy}>
              {trans('Save')}
            </Button>
          </div>
        </form>
      )}
    </Panel>
  );
}
