import { Link } from 'react-router';
import { EmptyState, PageSkeleton, QueryError } from '../../../entities/errors/page-states.tsx';
import { useTrans } from '../../../lib/translator.ts';
import { buttonClass } from '../../../ui/button.tsx';
import { useMyArtists } from '../queries.ts';

/** The artists the user is a member of; none yet points to the requests. */
export function MyArtistsPage() {
  const trans = useTrans();
  const query = useMyArtists();
  return (
    <section aria-labelledby="my-artists-title" className="flex flex-col gap-4">
      <h1 id="my-artists-title" className="text-2xl font-semibold">
        {trans('My artists')}
      </h1>
      {query.isPending ? (
        <PageSkeleton round />
      ) : query.isError ? (
        <QueryError error={query.error} retry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3">
          <EmptyState
            icon="mic"
            title={trans('No artists yet')}
            text={trans('Ask to become, verify or claim an artist.')}
          />
          <Link to="/backstage/requests" className={buttonClass('primary', 'sm')}>
            {trans('Make a request')}
          </Link>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {query.data.map((artist) => (
            <li
              key={artist.id}
              className="flex items-center gap-3 rounded-2xl border border-border p-4"
            >
              {artist.image ? (
                <img src={artist.image} alt="" className="size-14 rounded-full object-cover" />
              ) : (
                <span aria-hidden className="size-14 rounded-full bg-bg-alt" />
              )}
              <p className="min-w-0 flex-1 truncate font-medium">{artist.name}</p>
              <Link
                to={`/backstage/artists/${artist.id}/edit`}
                className={buttonClass('text', 'xs')}
                aria-label={trans('Edit :name', { name: artist.name })}
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
