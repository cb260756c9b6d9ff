import { formatRelativeTime, type PublicUser } from '@backbeat/common';
import { useCurrentUser } from '../../../lib/bootstrap.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { openDialog } from '../../../ui/dialog/dialog-store.ts';
import { Icon } from '../../../ui/icons.tsx';
import { FollowButton } from '../../../entities/library/follow-button.tsx';
import { ProfileBanner } from './profile-banner.tsx';

/** Links are checked on save; this keeps any other scheme from ever becoming a live link. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

const hostOf = (url: string) => {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
};

async function openEditProfile(user: PublicUser) {
  // The dialog and its form code load when someone first edits their profile.
  const { EditProfileDialog } = await import('./edit-profile-dialog.tsx');
  await openDialog<PublicUser>((close) => <EditProfileDialog user={user} close={close} />);
}

function ProfileAbout({ user }: { user: PublicUser }) {
  const trans = useTrans();
  const links = user.links.filter((link) => isWebAddress(link.url));
  if (!user.description && !links.length) return null;
  return (
    <div className="flex flex-col gap-4 px-5 pb-6 md:px-8">
      {user.description && (
        // Plain text with its line breaks; React escapes it, so markup never renders.
        <p
          data-testid="profile-description"
          className="max-w-3xl text-sm leading-relaxed break-words whitespace-pre-line text-fg"
        >
          {user.description}
        </p>
      )}
      {links.length > 0 && (
        <ul aria-label={trans('Links')} className="flex flex-wrap gap-2">
          {links.map((link, index) => (
            <li key={`${index}-${link.url}`} className="min-w-0">
              <a
                href={link.url}
                target="_blank"
                rel="noopener nofollow ugc"
                title={link.url}
                className="inline-flex max-w-full items-center gap-2 rounded-full border border-border bg-bg-elevated px-3 py-1.5 text-sm hover:bg-bg-hover focus-visible:outline-2 focus-visible:outline-primary"
              >
                <Icon name="link" size={16} className="shrink-0 text-fg-muted" />
                <span className="truncate font-medium">{link.title}</span>
                <span className="hidden truncate text-xs text-fg-muted sm:inline">
                  {hostOf(link.url)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The top of a profile: banner, avatar, name, follow or edit, description and links. */
export function ProfileHeader({ user }: { user: PublicUser }) {
  const trans = useTrans();
  const me = useCurrentUser();
  const own = me?.id === user.id;
  return (
    <header className="overflow-hidden rounded-3xl bg-bg-alt">
      <ProfileBanner image={user.header_image} />
      <div className="flex flex-col items-center gap-4 px-5 pb-6 text-center sm:flex-row sm:items-end sm:text-left md:px-8">
        <div className="relative -mt-14 shrink-0 rounded-full ring-4 ring-bg-alt sm:-mt-16">
          <Avatar name={user.name} image={user.image} id={user.id} size={128} />
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wider text-fg-muted uppercase">
            {trans('Profile')}
          </p>
          <h1 className="mt-1 text-3xl font-extrabold break-words md:text-5xl">{user.name}</h1>
          <p className="mt-2 text-sm text-fg-muted">
            {trans('Joined :time', {
              time: formatRelativeTime(user.created_at, { translate: trans }),
            })}
          </p>
        </div>
        <div className="flex shrink-0 justify-center">
          {own ? (
            <Button variant="outline" size="lg" onClick={() => void openEditProfile(user)}>
              <Icon name="edit" size={20} />
              {trans('Edit profile')}
            </Button>
          ) : (
            <FollowButton type="users" id={user.id} name={user.name} />
          )}
        </div>
      </div>
      <ProfileAbout user={user} />
    </header>
  );
}
