import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatRelativeTime } from '@backbeat/common';
import { http } from '../../lib/http.ts';
import { useTrans } from '../../lib/translator.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { PageLoadingSpinner } from '../../ui/spinner.tsx';
import { NotFoundPage, RouteErrorPage } from '../errors/error-pages.tsx';
import { ApiError } from '../../lib/api-error.ts';

interface PublicUser {
  id: number;
  name: string;
  image: string | null;
  created_at: string;
}

/** `/user/{id}/{slug}`: a minimal public profile; the music tabs come with the library. */
export function UserProfilePage() {
  const trans = useTrans();
  const { userId } = useParams();
  const id = Number(userId);
  const query = useQuery({
    queryKey: ['users', id],
    queryFn: () => http.get<{ user: PublicUser }>(`users/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  if (query.isPending) return <PageLoadingSpinner />;
  if (query.isError)
    return query.error instanceof ApiError && query.error.status === 404 ? (
      <NotFoundPage />
    ) : (
      <RouteErrorPage />
    );
  const user = query.data.user;
  return (
    <div className="px-4 py-8 md:px-8">
      <header className="flex flex-col items-center gap-5 rounded-3xl bg-gradient-to-br from-primary/25 to-bg-alt p-8 sm:flex-row sm:items-end">
        <Avatar name={user.name} image={user.image} id={user.id} size={128} />
        <div className="text-center sm:text-left">
          <p className="text-xs font-semibold tracking-wider text-fg-muted uppercase">
            {trans('Profile')}
          </p>
          <h1 className="mt-1 text-3xl font-extrabold md:text-5xl">{user.name}</h1>
          <p className="mt-2 text-sm text-fg-muted">
            {trans('Joined :time', {
              time: formatRelativeTime(user.created_at, { translate: trans }),
            })}
          </p>
        </div>
      </header>
    </div>
  );
}
