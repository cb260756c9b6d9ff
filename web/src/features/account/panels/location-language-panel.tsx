import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, useMemo } from 'react';
import type { User } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useBootstrapStore } from '../../../lib/bootstrap.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { SelectList } from '../../../ui/select-list/select-list.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { Panel } from '../panel.tsx';
import { accountKeys, setCurrentUser, type ValueLists } from '../queries.ts';
import { showErrorToast } from '../../../ui/toast/error-toast.ts';

/** Language, country and timezone as select lists (spec §9), with type-ahead and search. */
function LocationLanguageFields({ user, lists }: { user: User; lists: ValueLists }) {
  const trans = useTrans();
  const [language, setLanguage] = useState(user.language ?? 'en');
  const [country, setCountry] = useState(user.country ?? '');
  const [timezone, setTimezone] = useState(user.timezone);
  const countries = useMemo(
    () => [
      { value: '', label: trans('Not set') },
      ...lists.countries.map((c) => ({ value: c.code, label: c.name })),
    ],
    [lists, trans],
  );
  const timezones = useMemo(
    () =>
      Object.entries(lists.timezones).flatMap(([group, zones]) =>
        zones.map((z) => ({ value: z.value, label: z.text, group })),
      ),
    [lists],
  );
  return (
    <>
      <SelectList
        label={trans('Language')}
        name="language"
        value={language}
        onChange={setLanguage}
        options={lists.localizations.map((l) => ({ value: l.language, label: l.name }))}
      />
      <SelectList
        label={trans('Country')}
        name="country"
        value={country}
        onChange={setCountry}
        options={countries}
      />
      <SelectList
        label={trans('Timezone')}
        name="timezone"
        value={timezone}
        onChange={setTimezone}
        options={timezones}
      />
    </>
  );
}

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
      showErrorToast(error, trans);
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
          <LocationLanguageFields user={user} lists={lists.data} />
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
