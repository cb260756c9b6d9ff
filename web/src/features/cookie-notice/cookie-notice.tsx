import clsx from 'clsx';
import { useEffect } from 'react';
import { create } from 'zustand';
import { COOKIE_NOTICE_COOKIE, COOKIE_NOTICE_DAYS } from '@backbeat/common';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { writeCookie } from '../../lib/cookies.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';

/**
 * Whether the visitor dismissed the notice, and how many layouts show it in their own flow
 * (above the player bar, which a floating notice would cover).
 */
const useNoticeState = create<{ dismissed: boolean; inlineHosts: number }>(() => ({
  dismissed: false,
  inlineHosts: 0,
}));

/**
 * The cookie notice. By default it floats at the top or bottom of the window; a layout with
 * a bar at the bottom renders it `inline` in its flow instead, so it pushes the page up
 * rather than covering the bar, and the floating one then steps aside.
 */
export function CookieNotice({ inline = false }: { inline?: boolean }) {
  const trans = useTrans();
  const notice = useBootstrap((d) => d.cookie_notice);
  const shouldShow = useBootstrap((d) => d.show_cookie_notice);
  const dismissed = useNoticeState((s) => s.dismissed);
  const hostedInline = useNoticeState((s) => s.inlineHosts > 0);
  const atBottom = notice.position !== 'top';

  useEffect(() => {
    if (!inline) return;
    useNoticeState.setState((s) => ({ inlineHosts: s.inlineHosts + 1 }));
    return () => useNoticeState.setState((s) => ({ inlineHosts: s.inlineHosts - 1 }));
  }, [inline]);

  if (!notice.enable || !shouldShow || dismissed) return null;
  if (inline ? !atBottom : atBottom && hostedInline) return null;

  const accept = () => {
    writeCookie(COOKIE_NOTICE_COOKIE, 'true', COOKIE_NOTICE_DAYS);
    useNoticeState.setState({ dismissed: true });
  };
  return (
    <section
      aria-label={trans('Cookie notice')}
      data-testid="cookie-notice"
      className={clsx(
        'flex flex-col items-center justify-center gap-3 border-border bg-bg-elevated px-4 py-3 text-sm text-fg shadow-lg sm:flex-row sm:gap-6',
        inline
          ? 'relative shrink-0 border-t'
          : clsx('fixed inset-x-0 z-[60]', atBottom ? 'bottom-0 border-t' : 'top-0 border-b'),
      )}
    >
      <p className="text-center">{trans(notice.text)}</p>
      <Button size="sm" onClick={accept}>
        {trans(notice.button.label)}
      </Button>
    </section>
  );
}
