import { Link } from 'react-router';
import { hasPermission } from '@backbeat/common';
import { EmptyState, PageSkeleton, QueryError } from '../../../entities/errors/page-states.tsx';
import { useCurrentUser } from '../../../lib/bootstrap.ts';
import { useTrans, useTransChoice } from '../../../lib/translator.ts';
import { buttonClass } from '../../../ui/button.tsx';
import { useMyAlbums } from '../queries.ts';
import { StatusBadge } from './status-badge.tsx';

/** The albums the user edits, drafts included, newest first. */
export function MyAlbumsPage() {
  const trans = useTrans();
  const transChoice = useTransChoice();
  const user = useCurrentUser();
  const query = useMyAlbums();
  const canCreate = hasPermission({ user, guestPermissions: [] }, 'music.create');
  return (
    <section aria-labelledby="my-albums-title" className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 id="my-albums-title" className="flex-1 text-2xl font-semibold">
          {trans('My albums')}
        </h1>
        {canCreate && (
          <Link to="/backstage/albums/new" className={buttonClass('primary', 'sm')}>
            {trans('New album')}
          </Link>
        )}
      </header>
      {query.isPending ? (
        <PageSkeleton />
      ) : query.isError ? (
        <QueryError error={query.error} retry={() => void query.refetch()} />
      ) : query.data.pagination.data.length === 0 ? (
        <EmptyState icon="album" title={trans('No albums yet')} />
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-2xl border border-border">
          {query.data.pagination.data.map((album) => (
            <li key={album.id} className="flex items-center gap-3 px-4 py-3">
              {album.image ? (
                <img src={album.image} alt="" className="size-10 rounded object-cover" />
              ) : (
                <span aria-hidden className="size-10 rounded bg-bg-alt" />
              )}
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{album.name}</p>
                <p className="truncate text-xs text-fg-muted">
                  {transChoice(':count track|:count tracks', album.tracks_count)}
                </p>
              </div>
              <StatusBadge item={album} />
              <Link
                to={`/backstage/albums/${album.id}/edit`}
                className={buttonClass('text', 'xs')}
                aria-label={trans('Edit :name', { name: album.name })}
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
