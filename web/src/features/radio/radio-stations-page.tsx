import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import * as endpoints from '@backbeat/common/contracts';
import { EmptyState, PageSkeleton, QueryError } from '../../entities/errors/page-states.tsx';
import { api } from '../../lib/api.ts';
import { setPageTitle } from '../../lib/document-title.ts';
import { useTrans } from '../../lib/translator.ts';

/**
 * The internet radio stations the admins keep (issue 38). The player plays catalog tracks
 * only, so a station's stream opens in a tab of its own (the browser plays it there).
 */
export function RadioStationsPage() {
  const trans = useTrans();
  const stations = useQuery({
    queryKey: ['internet-radio-stations'],
    queryFn: () => api(endpoints.listInternetRadioStations),
  });
  useEffect(() => setPageTitle(trans('Radio stations')), [trans]);

  if (stations.isPending) return <PageSkeleton />;
  if (stations.isError)
    return <QueryError error={stations.error} retry={() => void stations.refetch()} />;
  return (
    <div className="px-4 py-6 md:px-8">
      <h1 className="mb-6 text-2xl font-semibold text-fg">{trans('Radio stations')}</h1>
      {stations.data.stations.length === 0 ? (
        <EmptyState
          icon="radio"
          title={trans('No radio stations yet.')}
          text={trans('An admin can add stations under Admin > Files > Radio stations.')}
        />
      ) : (
        <ul aria-label={trans('Radio stations')} className="divide-y divide-border">
          {stations.data.stations.map((station) => (
            <li key={station.id} className="flex items-center justify-between gap-4 py-3">
              <p className="min-w-0 truncate text-sm font-medium text-fg">{station.name}</p>
              <div className="flex shrink-0 gap-4 text-sm">
                <a
                  href={station.stream_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-primary underline-offset-2 hover:underline focus-visible:underline"
                  aria-label={trans('Listen to :name', { name: station.name })}
                >
                  {trans('Listen')}
                </a>
                {station.homepage_url && (
                  <a
                    href={station.homepage_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-fg-muted underline-offset-2 hover:underline focus-visible:underline"
                  >
                    {trans('Home page')}
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
