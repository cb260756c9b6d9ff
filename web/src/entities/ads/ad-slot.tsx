import clsx from 'clsx';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import type { AdSlotName } from '@backbeat/common/admin/settings';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { useSubscriptionPermissions } from '../../lib/subscription-permissions.ts';
import { useTrans } from '../../lib/translator.ts';

/** Spec 2 §9 size hints: general about 150 px high; artist top ≤ 1000, bottom ≤ 430 wide. */
const SIZES: Record<AdSlotName, string> = {
  general_top: 'max-h-[150px] w-full',
  general_bottom: 'max-h-[150px] w-full',
  artist_top: 'w-full max-w-[1000px]',
  artist_bottom: 'w-full max-w-[430px]',
  album_above: 'w-full',
};

/**
 * One ad slot (spec 1 §3): the admin's image or HTML, sanitised by the server on save and
 * again here, shown unless the viewer's subscription permissions turn ads off.
 */
export function AdSlot({ slot, className }: { slot: AdSlotName; className?: string }) {
  const trans = useTrans();
  const html = useBootstrap((d) => d.settings.ads[slot]);
  const loaded = useSubscriptionPermissions((s) => s.permissions?.ads_enabled);
  const fromBootstrap = useBootstrap((d) => d.subscription_permissions.ads_enabled);
  const enabled = loaded ?? fromBootstrap;
  const clean = useMemo(
    () =>
      html
        ? DOMPurify.sanitize(html, {
            FORBID_TAGS: ['script', 'style', 'iframe', 'form', 'object', 'embed'],
            FORBID_ATTR: ['style'],
          })
        : '',
    [html],
  );
  if (!enabled || !clean) return null;
  return (
    <aside
      aria-label={trans('Advertisement')}
      data-ad-slot={slot}
      className={clsx(
        'mx-auto overflow-hidden [&_img]:mx-auto [&_img]:max-w-full',
        SIZES[slot],
        className,
      )}
      // Sanitised twice (server on save, DOMPurify here).
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
