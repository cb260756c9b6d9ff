import { Link } from 'react-router';
import { EmptyState, PageSkeleton, QueryError } from '../../../entities/errors/page-states.tsx';
import { useCurrentUser } from '../../../lib/bootstrap.ts';
import { useTrans } from '../../../lib/translator.ts';
import { hasPermission } from '@backbeat/common';
import { buttonClass } from '../../../ui/button.tsx';
import { useMyTracks } from '../queries.ts';
import { StatusBadge } from './status-badge.tsx';

/** The tracks the user edits, drafts included, newest first. */
export function MyTracksPage() {
  const trans = useTrans();
  const user = useCurrentUser();
  const query = useMyTracks();
  const canCreate = hasPermission({ user, guestPermissions: [] }, 'music.create');
  return (
    <section aria-labelledby="my-tracks-title" className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 id="my-tracks-title" className="flex-1 text-2xl font-semibold">
          {trans('My tracks')}
        </h1>
        {canCreate && (
          <Link to="/backstage/tracks/new" className={buttonClass('primary', 'sm')}>
            {trans('New track')}
          </Link>
        )}
      </header>
      {query.isPending ? (
        <PageSkeleton />
      ) : query.isError ? (
        <QueryError error={query.error} retry={() => void query.refetch()} />
      ) : query.data.pagination.data.length === 0 ? (
        <EmptyState
          title={trans('No tracks yet')}
          text={
            canCreate
              ? trans('Upload audio to make your first draft.')
              : trans('Ask to become an artist to upload music.')
          }
        />
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-2xl border border-border">
          {query.data.pagination.data.map((track) => (
            <li key={track.id} className="flex items-center gap-3 px-4 py-3">
              {track.image ? (
                <img src={track.image} alt="" className="size-10 rounded object-cover" />
              ) : (
                <span aria-hidden className="size-10 rounded bg-bg-alt" />
              )}
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{track.name}</p>
                <p className="truncate text-xs text-fg-muted">
                  {[track.artists.map((a) => a.name).join(', '), track.album?.name]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <StatusBadge item={track} />
              <Link
                to={`/backstage/tracks/${track.id}/edit`}
                className={buttonClass('text', 'xs')}
                aria-label={trans('Edit :name', { name: track.name })}
              >
                {trans('Edit')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
