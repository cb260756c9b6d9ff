import { useBootstrap } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { hasPermission } from '@backbeat/common';
import { RouteGuard } from '../../entities/session/route-guard.tsx';
import { AccountDetailsPanel } from './panels/account-details-panel.tsx';
import { DeleteAccountPanel } from './panels/delete-account-panel.tsx';
import { DevelopersPanel } from './panels/developers-panel.tsx';
import { LocationLanguagePanel } from './panels/location-language-panel.tsx';
import { MusicAppsPanel } from './panels/music-apps-panel.tsx';
import { OfflinePanel } from './panels/offline-panel.tsx';
import { PasswordPanel } from './panels/password-panel.tsx';
import { SessionsPanel } from './panels/sessions-panel.tsx';
import { SharedLinksPanel } from './panels/shared-links-panel.tsx';
import { SocialLoginPanel } from './panels/social-login-panel.tsx';
import { TwoFactorPanel } from './panels/two-factor-panel.tsx';

function Sections() {
  const trans = useTrans();
  const user = useBootstrap((d) => d.user);
  const social = useBootstrap((d) => d.settings.social);
  if (!user) return null;
  const showSocial = (['google', 'facebook', 'twitter', 'envato'] as const).some(
    (s) => social[s].enable,
  );
  const showDevelopers = hasPermission({ user, guestPermissions: [] }, 'api.access');
  const sections = [
    {
      id: 'account-details',
      label: trans('Account details'),
      panel: <AccountDetailsPanel user={user} />,
    },
    ...(showSocial
      ? [
          {
            id: 'social-login',
            label: trans('Social login'),
            panel: <SocialLoginPanel user={user} />,
          },
        ]
      : []),
    { id: 'password', label: trans('Password'), panel: <PasswordPanel user={user} /> },
    {
      id: 'two-factor',
      label: trans('Two-factor authentication'),
      panel: <TwoFactorPanel user={user} />,
    },
    { id: 'sessions', label: trans('Active sessions'), panel: <SessionsPanel /> },
    {
      id: 'location-and-language',
      label: trans('Location and language'),
      panel: <LocationLanguagePanel user={user} />,
    },
    {
      id: 'music-apps',
      label: trans('Music apps'),
      panel: <MusicAppsPanel username={user.email} />,
    },
    { id: 'shared-links', label: trans('Shared links'), panel: <SharedLinksPanel /> },
    { id: 'offline', label: trans('Offline music'), panel: <OfflinePanel /> },
    ...(showDevelopers
      ? [{ id: 'developers', label: trans('Developers'), panel: <DevelopersPanel /> }]
      : []),
    {
      id: 'delete-account',
      label: trans('Danger zone'),
      panel: <DeleteAccountPanel user={user} />,
    },
  ];
  return (
    <div className="mx-auto flex max-w-5xl gap-8 px-4 py-6 md:px-8 md:py-10">
      <nav
        aria-label={trans('Account settings')}
        className="sticky top-6 hidden h-fit w-52 shrink-0 flex-col gap-1 lg:flex"
      >
        {sections.map((s) => (
          <a
            key={s.id}
            href={`#${s.id}`}
            className="rounded-lg px-3 py-2 text-sm text-fg-muted hover:bg-bg-hover hover:text-fg"
          >
            {s.label}
          </a>
        ))}
      </nav>
      <div className="flex min-w-0 flex-1 flex-col gap-6">
        <h1 className="text-2xl font-bold md:text-3xl">{trans('Account settings')}</h1>
        {sections.map((s) => (
          <div key={s.id}>{s.panel}</div>
        ))}
      </div>
    </div>
  );
}

export function AccountSettingsPage() {
  return (
    <RouteGuard>
      <Sections />
    </RouteGuard>
  );
}
