import clsx from 'clsx';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTrans } from '../../lib/translator.ts';

/**
 * An ad's HTML, sanitised by the server on save and again here. Its own chunk (ad-slot.tsx
 * loads it only when an ad shows), so DOMPurify is not part of every page's first download.
 */
export default function AdHtml({
  html,
  slot,
  className,
}: {
  html: string;
  slot: string;
  className: string;
}) {
  const trans = useTrans();
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, {
        FORBID_TAGS: ['script', 'style', 'iframe', 'form', 'object', 'embed'],
        FORBID_ATTR: ['style'],
      }),
    [html],
  );
  if (!clean) return null;
  return (
    <aside
      aria-label={trans('Advertisement')}
      data-ad-slot={slot}
      className={clsx('mx-auto overflow-hidden [&_img]:mx-auto [&_img]:max-w-full', className)}
      // Sanitised twice (server on save, DOMPurify here).
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
