import { useParams } from 'react-router';
import { PageLoadingSpinner } from '../../ui/spinner.tsx';
import { QueryError } from '../catalog/components/page-states.tsx';
import { NotFoundPage } from '../errors/error-pages.tsx';
import { PROFILE_TABS, ProfileTabs, type ProfileTab } from '../library/components/profile-tabs.tsx';
import { ProfileHeader } from './profile/profile-header.tsx';
import { useUserProfileQuery } from './profile/queries.ts';

/** `/user/{id}/{slug}[/{tabName}]`: a public profile with its uploads, playlists and follows. */
export function UserProfilePage() {
  const { userId, tabName = PROFILE_TABS[0] } = useParams();
  const id = Number(userId);
  const tab = (PROFILE_TABS as readonly string[]).includes(tabName)
    ? (tabName as ProfileTab)
    : null;
  const query = useUserProfileQuery(id);
  if (!Number.isInteger(id) || id <= 0 || !tab) return <NotFoundPage />;
  if (query.isPending) return <PageLoadingSpinner />;
  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  const user = query.data;
  return (
    <div className="px-3 py-4 sm:px-4 md:px-8 md:py-8">
      <ProfileHeader user={user} />
      <ProfileTabs user={user} tab={tab} />
    </div>
  );
}
