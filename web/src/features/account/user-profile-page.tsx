import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatRelativeTime } from '@backbeat/common';
import { http } from '../../lib/http.ts';
import { useTrans } from '../../lib/translator.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { PageLoadingSpinner } from '../../ui/spinner.tsx';
import { NotFoundPage, RouteErrorPage } from '../errors/error-pages.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { FollowButton } from '../library/components/follow-button.tsx';
import { PROFILE_TABS, ProfileTabs, type ProfileTab } from '../library/components/profile-tabs.tsx';

interface PublicUser {
  id: number;
  name: string;
  image: string | null;
  created_at: string;
}

/** `/user/{id}/{slug}[/{tabName}]`: a public profile with its playlists and follows. */
export function UserProfilePage() {
  const trans = useTrans();
  const { userId, tabName = 'playlists' } = useParams();
  const id = Number(userId);
  const tab = (PROFILE_TABS as readonly string[]).includes(tabName)
    ? (tabName as ProfileTab)
    : null;
  const query = useQuery({
    queryKey: ['users', id],
    queryFn: () => http.get<{ user: PublicUser }>(`users/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
  if (!Number.isInteger(id) || id <= 0 || !tab) return <NotFoundPage />;
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
          <div className="mt-4 flex justify-center sm:justify-start">
            <FollowButton type="users" id={user.id} name={user.name} />
          </div>
        </div>
      </header>
      <ProfileTabs user={user} tab={tab} />
    </div>
  );
}
