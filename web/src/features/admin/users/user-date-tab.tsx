import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { AdminUser } from '@backbeat/common/admin/people';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { SelectList } from '../../../ui/select-list/select-list.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { showErrorToast } from '../../../ui/toast/error-toast.ts';
import { toast } from '../../../ui/toast/toast-store.ts';
import { useUserAction } from './queries.ts';

interface ValueLists {
  timezones: Record<string, { value: string; text: string }[]>;
  countries: { code: string; name: string }[];
  localizations: { language: string; name: string }[];
}

/** The date tab: the user's language, country and timezone. */
export function UserDateTab({ user }: { user: AdminUser }) {
  const trans = useTrans();
  const lists = useQuery({
    queryKey: ['value-lists', 'timezones,countries,localizations'],
    queryFn: async () =>
      (await api(endpoints.getValueLists, {
        names: ['timezones', 'countries', 'localizations'],
      })) as ValueLists,
    staleTime: Infinity,
  });
  const [language, setLanguage] = useState(user.language ?? 'en');
  const [country, setCountry] = useState(user.country ?? '');
  const [timezone, setTimezone] = useState(user.timezone ?? 'UTC');
  const save = useUserAction(user.id, () =>
    api(endpoints.updateAdminUser, {
      id: user.id,
      language,
      country: country || null,
      timezone,
    }),
  );
  const countries = useMemo(
    () => [
      { value: '', label: trans('Not set') },
      ...(lists.data?.countries ?? []).map((c) => ({ value: c.code, label: c.name })),
    ],
    [lists.data, trans],
  );
  const timezones = useMemo(
    () =>
      Object.entries(lists.data?.timezones ?? {}).flatMap(([group, zones]) =>
        zones.map((zone) => ({ value: zone.value, label: zone.text, group })),
      ),
    [lists.data],
  );
  if (lists.isPending) return <Skeleton className="h-24 w-full" />;
  if (lists.isError) return <p role="alert">{trans('The lists could not be loaded.')}</p>;
  return (
    <form
      className="grid max-w-2xl gap-4 sm:grid-cols-3"
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          await save.mutateAsync(undefined);
          toast(trans('User saved'));
        } catch (error) {
          showErrorToast(error, trans);
        }
      }}
    >
      <SelectList
        label={trans('Language')}
        name="language"
        value={language}
        onChange={setLanguage}
        options={lists.data.localizations.map((l) => ({ value: l.language, label: l.name }))}
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
      <div className="sm:col-span-3">
        <Button type="submit" disabled={save.isPending}>
          {trans('Save')}
        </Button>
      </div>
    </form>
  );
}
