import {
  internetRadioStationsResource,
  type AdminInternetRadioStation,
} from '@backbeat/common/admin/internet-radio';
import { useTrans } from '../../lib/translator.ts';
import { ResourceFormPage } from './resources/resource-form.tsx';
import { ResourceIndex } from './resources/resource-index.tsx';

/**
 * Admin internet radio stations (issue 38): the stations listeners find in the web player and
 * Subsonic apps get from getInternetRadioStations.
 */
export function InternetRadioStationsPage() {
  const trans = useTrans();
  return (
    <ResourceIndex<AdminInternetRadioStation>
      resource={internetRadioStationsResource}
      title={trans('Radio stations')}
      rowLabel={(station) => station.name}
      columns={[
        { key: 'name', header: trans('Name') },
        { key: 'stream_url', header: trans('Stream address'), wide: true },
        {
          key: 'homepage_url',
          header: trans('Home page'),
          cell: (station) => station.homepage_url ?? trans('None'),
        },
      ]}
      filters={{}}
      labels={{
        create: trans('New station'),
        empty: trans('No radio stations yet.'),
        search: trans('Search stations'),
        deleted: trans('Stations deleted'),
      }}
    />
  );
}

export function InternetRadioStationFormPage() {
  const trans = useTrans();
  return (
    <ResourceFormPage<AdminInternetRadioStation>
      resource={internetRadioStationsResource}
      titles={{
        create: trans('New station'),
        edit: (station) => trans('Edit ":name"', { name: station.name }),
      }}
      fields={{
        name: { label: trans('Name') },
        stream_url: {
          label: trans('Stream address'),
          description: trans('An http or https address that plays the station'),
        },
        homepage_url: { label: trans('Home page'), description: trans('Optional') },
      }}
      saved={trans('Station saved')}
    />
  );
}
