import clsx from 'clsx';
import { Suspense, lazy } from 'react';
import type { AdSlotName } from '@backbeat/common/admin/settings';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { useSubscriptionPermissions } from '../../lib/subscription-permissions.ts';

const AdHtml = lazy(() => import('./ad-html.tsx'));

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
 * again when shown (ad-html.tsx), unless the viewer's subscription permissions turn ads off.
 */
export function AdSlot({ slot, className }: { slot: AdSlotName; className?: string }) {
  const html = useBootstrap((d) => d.settings.ads[slot]);
  const loaded = useSubscriptionPermissions((s) => s.permissions?.ads_enabled);
  const fromBootstrap = useBootstrap((d) => d.subscription_permissions.ads_enabled);
  const enabled = loaded ?? fromBootstrap;
  if (!enabled || !html) return null;
  return (
    <Suspense fallback={null}>
      <AdHtml html={html} slot={slot} className={clsx(SIZES[slot], className)} />
    </Suspense>
  );
}
