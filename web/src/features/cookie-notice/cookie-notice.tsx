import clsx from 'clsx';
import { useState } from 'react';
import { COOKIE_NOTICE_COOKIE, COOKIE_NOTICE_DAYS } from '@backbeat/common';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { writeCookie } from '../../lib/cookies.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';

export function CookieNotice() {
  const trans = useTrans();
  const notice = useBootstrap((d) => d.cookie_notice);
  const shouldShow = useBootstrap((d) => d.show_cookie_notice);
  const [dismissed, setDismissed] = useState(false);
  if (!notice.enable || !shouldShow || dismissed) return null;

  const accept = () => {
    writeCookie(COOKIE_NOTICE_COOKIE, 'true', COOKIE_NOTICE_DAYS);
    setDismissed(true);
  };
  return (
    <section
      aria-label={trans('Cookie notice')}
      data-testid="cookie-notice"
      className={clsx(
        'fixed inset-x-0 z-[60] flex flex-col items-center justify-center gap-3 border-border bg-bg-elevated px-4 py-3 text-sm text-fg shadow-lg sm:flex-row sm:gap-6',
        notice.position === 'top' ? 'top-0 border-b' : 'bottom-[57px] border-t md:bottom-0',
      )}
    >
      <p className="text-center">{trans(notice.text)}</p>
      <Button size="sm" onClick={accept}>
        {trans(notice.button.label)}
      </Button>
    </section>
  );
}
