import { Suspense, lazy, useEffect } from 'react';
import { Outlet } from 'react-router';
import { userGate } from '@backbeat/common';
import { PageLoadingSpinner } from '../ui/spinner.tsx';

const VerifyEmailScreen = lazy(async () => ({
  default: (await import('../features/auth/restricted-screens.tsx')).VerifyEmailScreen,
}));
const SuspendedScreen = lazy(async () => ({
  default: (await import('../features/auth/restricted-screens.tsx')).SuspendedScreen,
}));
import { CookieNotice } from '../features/cookie-notice/cookie-notice.tsx';
import type { IgnitionBody } from '../features/errors/ignition-types.ts';
import { watchSystemTheme } from '../entities/theme/theme-store.ts';
import { useBootstrap } from '../lib/bootstrap.ts';
import {
  loadSubscriptionPermissions,
  resetSubscriptionPermissions,
} from '../lib/subscription-permissions.ts';
import { onServerError } from '../lib/http.ts';
import { loadConfiguredFont } from '../lib/web-fonts.ts';
import { DialogHost } from '../ui/dialog/dialog-host.tsx';
import { loadMoreIcons } from '../ui/icons.tsx';
import { openDialog } from '../ui/dialog/dialog-store.ts';
import { NavigationProgressBar } from '../ui/progress-bar.tsx';
import { Toaster } from '../ui/toast/toaster.tsx';
import { setPageTitle } from '../lib/document-title.ts';
import { whenPageSettled } from '../lib/when-page-settled.ts';

/** App-wide hosts that live above every layout: progress bar, toasts, dialogs, cookie notice. */
export function Root() {
  const siteName = useBootstrap((d) => d.branding.site_name);
  // Restricted modes replace normal routing entirely (spec §2).
  const gate = useBootstrap((d) => userGate(d.user, d.require_email_confirmation));

  useEffect(() => {
    setPageTitle(siteName);
  }, [siteName]);

  useEffect(() => watchSystemTheme(), []);

  const fonts = useBootstrap((d) => d.settings.fonts);
  useEffect(() => loadConfiguredFont(fonts), [fonts]);

  // Spec §4: loaded at start; a login or logout (new bootstrap user) resets and reloads them.
  const userId = useBootstrap((d) => d.user?.id ?? null);
  useEffect(() => {
    resetSubscriptionPermissions();
    void loadSubscriptionPermissions();
    // Music downloaded for offline play is this listener's alone, and re-checked (issue 19),
    // once the page has shown (its code is not part of the first page's, issue 22; a download
    // button or the offline panel reads the downloads itself when it comes first).
    return whenPageSettled(
      () =>
        void import('../entities/offline/offline-store.ts').then(({ offline }) => offline.load()),
    );
  }, [userId]);

  // The icons of menus and dialogs, which no first page shows (issue 22).
  useEffect(() => whenPageSettled(() => void loadMoreIcons()), []);

  useEffect(
    () =>
      onServerError((error) => {
        // Shown only in debug mode, after a server error: loaded when first needed.
        void import('../features/errors/ignition-dialog.tsx').then(({ IgnitionDialog }) =>
          openDialog(() => <IgnitionDialog error={error.body as unknown as IgnitionBody} />),
        );
      }),
    [],
  );

  return (
    <>
      <NavigationProgressBar />
      {gate === 'normal' ? (
        <Outlet />
      ) : (
        <Suspense fallback={<PageLoadingSpinner />}>
          {gate === 'verify-email' ? <VerifyEmailScreen /> : <SuspendedScreen />}
        </Suspense>
      )}
      <CookieNotice />
      <Toaster />
      <DialogHost />
    </>
  );
}
