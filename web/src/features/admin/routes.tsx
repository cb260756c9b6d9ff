import { Outlet, type RouteObject } from 'react-router';
import type { PermissionName } from '@backbeat/common';
import { RouteGuard } from '../../entities/session/route-guard.tsx';
import { RouteErrorPage } from '../../entities/errors/error-pages.tsx';
import { adminInsightsRoutes } from '../insights/routes.tsx';

/** A screen that needs its own permission besides admin.access (spec §6). */
function AdminGuard({ permission }: { permission: string }) {
  return (
    <RouteGuard permission={permission}>
      <Outlet />
    </RouteGuard>
  );
}

const page = (load: () => Promise<React.ComponentType>) => ({
  lazy: async () => ({ Component: await load() }),
});

/** Routes that need a permission besides admin.access (the nav entry's, see nav.ts). */
const guarded = (permission: PermissionName, children: RouteObject[]): RouteObject => ({
  element: <AdminGuard permission={permission} />,
  children,
});

/** `list`, `list/new` and `list/:id` of a resource screen. */
const screens = (
  path: string,
  load: () => Promise<{ index: React.ComponentType; form?: React.ComponentType }>,
): RouteObject[] => [
  { path, ...page(async () => (await load()).index) },
  { path: `${path}/new`, ...page(async () => (await load()).form!) },
  { path: `${path}/:id`, ...page(async () => (await load()).form!) },
];

const trackEditor = async () =>
  (await import('../backstage/editors/track-editor-page.tsx')).TrackEditorPage;
const albumEditor = async () =>
  (await import('../backstage/editors/album-editor-page.tsx')).AlbumEditorPage;
const artistEditor = async () =>
  (await import('../backstage/editors/artist-editor-page.tsx')).ArtistEditorPage;

// The appearance editor's files (issue 14), each loaded with the first of its screens.
const appearanceFiles = {
  editor: () => import('./appearance/appearance-editor-page.tsx'),
  sections: () => import('./appearance/sections.tsx'),
  themes: () => import('./appearance/themes-section.tsx'),
  menus: () => import('./appearance/menus-section.tsx'),
  menuItem: () => import('./appearance/menu-item-section.tsx'),
  landing: () => import('./appearance/landing-section.tsx'),
};
/** A screen of the appearance editor, by its file and export. */
const appearance = <F extends keyof typeof appearanceFiles>(
  file: F,
  name: keyof Awaited<ReturnType<(typeof appearanceFiles)[F]>>,
) =>
  page(
    async () => (await appearanceFiles[file]())[name as never] as unknown as React.ComponentType,
  );

/**
 * The admin screens (issue 12) besides the dashboard, each loaded on demand so listeners never
 * download them. This table itself joins the app's on the first visit under /admin/ (issue 22:
 * its lazy imports weigh ~3 KB gzip at startup): app/routes.tsx adds it beside the dashboard
 * in /admin, the admin.access guard and the admin layout. A screen that needs more than
 * admin.access sits in `guarded(permission, …)` as nav.ts says.
 */
export const adminPageRoutes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      ...adminInsightsRoutes,
      ...screens('genres', async () => {
        const m = await import('./genres.tsx');
        return { index: m.GenresIndexPage, form: m.GenreFormPage };
      }),
      ...screens('channels', async () => {
        const m = await import('./channels/channels.tsx');
        return { index: m.ChannelsIndexPage, form: m.ChannelFormPage };
      }),
      {
        path: 'channels/:id/edit',
        ...page(async () => (await import('./channels/channels.tsx')).ChannelFormPage),
      },
      {
        path: 'tracks',
        ...page(async () => (await import('./catalog-lists.tsx')).TracksIndexPage),
      },
      {
        path: 'albums',
        ...page(async () => (await import('./catalog-lists.tsx')).AlbumsIndexPage),
      },
      {
        path: 'artists',
        ...page(async () => (await import('./catalog-lists.tsx')).ArtistsIndexPage),
      },
      ...screens('playlists', async () => {
        const m = await import('./playlists.tsx');
        return { index: m.PlaylistsIndexPage, form: m.PlaylistFormPage };
      }),
      ...screens('lyrics', async () => {
        const m = await import('./lyrics.tsx');
        return { index: m.LyricsIndexPage, form: m.LyricFormPage };
      }),
      {
        path: 'comments',
        ...page(async () => (await import('./comments.tsx')).CommentsIndexPage),
      },
      guarded(
        'tags.update',
        screens('tags', async () => {
          const m = await import('./tags.tsx');
          return { index: m.TagsIndexPage, form: m.TagFormPage };
        }),
      ),
      guarded('users.update', [
        {
          path: 'users',
          ...page(async () => (await import('./users/users.tsx')).UsersIndexPage),
        },
        {
          path: 'users/new',
          ...page(async () => (await import('./users/users.tsx')).NewUserPage),
        },
        {
          path: 'users/:id/:tab?',
          ...page(async () => (await import('./users/user-page.tsx')).UserPage),
        },
      ]),
      guarded('roles.update', [
        ...screens('roles', async () => {
          const m = await import('./roles/roles.tsx');
          return { index: m.RolesIndexPage, form: m.RoleFormPage };
        }),
        {
          path: 'roles/:id/edit',
          ...page(async () => (await import('./roles/roles.tsx')).RoleFormPage),
        },
      ]),
      guarded('plans.update', [
        { path: 'plans', ...page(async () => (await import('./plans.tsx')).PlansIndexPage) },
        { path: 'plans/new', ...page(async () => (await import('./plan-form.tsx')).PlanFormPage) },
        { path: 'plans/:id', ...page(async () => (await import('./plan-form.tsx')).PlanFormPage) },
        {
          path: 'plans/:id/edit',
          ...page(async () => (await import('./plan-form.tsx')).PlanFormPage),
        },
      ]),
      guarded('subscriptions.update', [
        {
          path: 'subscriptions',
          ...page(async () => (await import('./subscriptions.tsx')).SubscriptionsIndexPage),
        },
        {
          path: 'subscriptions/new',
          ...page(async () => (await import('./subscription-detail.tsx')).GrantSubscriptionPage),
        },
        {
          path: 'subscriptions/:id',
          ...page(async () => (await import('./subscription-detail.tsx')).SubscriptionDetailPage),
        },
      ]),
      // Approving a request changes the requester's roles (spec 2 §6 names no own permission).
      guarded('users.update', [
        {
          path: 'backstage-requests',
          ...page(
            async () =>
              (await import('./backstage-requests/requests-index-page.tsx'))
                .BackstageRequestsIndexPage,
          ),
        },
        {
          path: 'backstage-requests/:requestId',
          ...page(
            async () =>
              (await import('./backstage-requests/request-review-page.tsx'))
                .BackstageRequestReviewPage,
          ),
        },
      ]),
      // Backstage's editors, reused (they keep their links under /admin).
      guarded('music.update', [
        { path: 'tracks/new', ...page(trackEditor) },
        { path: 'tracks/:trackId/edit', ...page(trackEditor) },
        { path: 'albums/new', ...page(albumEditor) },
        { path: 'albums/:albumId/edit', ...page(albumEditor) },
        { path: 'artists/new', ...page(artistEditor) },
        { path: 'artists/:artistId/edit', ...page(artistEditor) },
      ]),
      guarded('files.update', [
        {
          path: 'files',
          ...page(async () => (await import('./files.tsx')).FilesIndexPage),
        },
        { path: 'upload', ...page(async () => (await import('./upload.tsx')).AdminUploadPage) },
        {
          path: 'media-jobs',
          ...page(async () => (await import('./media-jobs.tsx')).MediaJobsPage),
        },
      ]),
      // The appearance editor (issue 14): sections in a side panel beside the live site.
      guarded('appearance.update', [
        {
          path: 'appearance',
          ...appearance('editor', 'AppearanceEditorPage'),
          children: [
            { index: true, ...appearance('sections', 'AppearanceSections') },
            { path: 'general', ...appearance('sections', 'GeneralSection') },
            {
              path: 'seo-settings',
              ...appearance('sections', 'SeoSection'),
            },
            {
              path: 'custom-code',
              ...appearance('sections', 'CustomCodeSection'),
            },
            { path: 'themes', ...appearance('themes', 'ThemesSection') },
            { path: 'themes/:themeIndex', ...appearance('themes', 'ThemeEditorSection') },
            { path: 'themes/:themeIndex/font', ...appearance('themes', 'ThemeFontSection') },
            {
              path: 'themes/:themeIndex/radius',
              ...appearance('themes', 'ThemeRadiusSection'),
            },
            { path: 'menus', ...appearance('menus', 'MenusSection') },
            { path: 'menus/:menuIndex', ...appearance('menus', 'MenuEditorSection') },
            {
              path: 'menus/:menuIndex/:menuItemIndex',
              ...appearance('menuItem', 'MenuItemSection'),
            },
            { path: 'landing-page', ...appearance('landing', 'LandingSection') },
            { path: 'landing-page/general', ...appearance('landing', 'LandingGeneralSection') },
            {
              path: 'landing-page/action-buttons',
              ...appearance('landing', 'LandingButtonsSection'),
            },
            {
              path: 'landing-page/primary-features',
              ...appearance('landing', 'LandingPrimaryFeaturesSection'),
            },
            {
              path: 'landing-page/secondary-features',
              ...appearance('landing', 'LandingSecondaryFeaturesSection'),
            },
          ],
        },
      ]),
      // Admin part 2 (issue 13): settings and ads (settings.update), logs, localizations,
      // custom pages; each behind its own permission.
      {
        element: <AdminGuard permission="settings.update" />,
        children: [
          {
            path: 'settings',
            ...page(async () => (await import('./settings/settings-page.tsx')).SettingsPage),
          },
          {
            path: 'settings/:section',
            ...page(async () => (await import('./settings/settings-page.tsx')).SettingsPage),
          },
          { path: 'ads', ...page(async () => (await import('./ads-page.tsx')).AdsPage) },
          { path: 'backups', ...page(async () => (await import('./backups.tsx')).BackupsPage) },
          {
            path: 'operations',
            ...page(async () => (await import('./operations.tsx')).OperationsPage),
          },
          ...screens('internet-radio-stations', async () => {
            const m = await import('./internet-radio.tsx');
            return { index: m.InternetRadioStationsPage, form: m.InternetRadioStationFormPage };
          }),
          ...screens('transcoding-profiles', async () => {
            const m = await import('./transcoding.tsx');
            return { index: m.TranscodingProfilesPage, form: m.TranscodingProfileFormPage };
          }),
          ...screens('transcoding-limits', async () => {
            const m = await import('./transcoding.tsx');
            return { index: m.TranscodingLimitsPage, form: m.TranscodingLimitFormPage };
          }),
          {
            path: 'library-folders',
            ...page(async () => (await import('./library-folders.tsx')).LibraryFoldersPage),
          },
        ],
      },
      {
        element: <AdminGuard permission="logs.view" />,
        children: [
          { path: 'logs', ...page(async () => (await import('./logs-page.tsx')).LogsPage) },
          { path: 'logs/:kind', ...page(async () => (await import('./logs-page.tsx')).LogsPage) },
        ],
      },
      {
        element: <AdminGuard permission="localizations.update" />,
        children: [
          {
            path: 'localizations',
            ...page(async () => (await import('./localizations.tsx')).LocalizationsIndexPage),
          },
          {
            path: 'localizations/new',
            ...page(async () => (await import('./localizations.tsx')).LocalizationFormPage),
          },
          {
            path: 'localizations/:id',
            ...page(async () => (await import('./localizations.tsx')).LocalizationFormPage),
          },
          {
            path: 'localizations/:id/translate',
            ...page(async () => (await import('./translate-page.tsx')).TranslatePage),
          },
        ],
      },
      {
        element: <AdminGuard permission="custom_pages.update" />,
        children: [
          {
            path: 'custom-pages',
            ...page(
              async () => (await import('./custom-pages/custom-pages.tsx')).CustomPagesIndexPage,
            ),
          },
          ...['custom-pages/new', 'custom-pages/:id', 'custom-pages/:id/edit'].map((path) => ({
            path,
            ...page(
              async () => (await import('./custom-pages/custom-page-form.tsx')).CustomPageFormPage,
            ),
          })),
        ],
      },
    ],
  },
];
