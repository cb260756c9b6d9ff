import { useState } from 'react';
import { Link } from 'react-router';
import { isSubscribed } from '@backbeat/common';
import { DEFAULT_BILLING_CYCLE, type BillingCycle } from '@backbeat/common/billing/pricing';
import type { Price, Product } from '@backbeat/common/billing/schemas';
import { rememberOnboardingChoice } from '../../entities/billing/onboarding.ts';
import { useBootstrap, useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { CycleToggle, PlanCards, type PlanAction } from './plan-cards.tsx';
import { useGatewaysQuery, useProductsQuery } from './queries.ts';

/**
 * `/pricing` (spec 2 §2): the cycle toggle (yearly first), the plan cards and the contact-us
 * panel. Each card's button follows who is looking: register first (the choice is kept for
 * after), checkout when signed in, the change-plan confirmation when already subscribed.
 */
export function PricingPage() {
  const trans = useTrans();
  const billingOn = useBootstrap((d) => d.settings.billing.enable);
  const products = useProductsQuery();
  const [cycle, setCycle] = useState<BillingCycle>(DEFAULT_BILLING_CYCLE);
  const gateways = useGatewaysQuery();
  // No payment provider: paid plans are shown, said to be not for sale yet, and offer no
  // button that would end on a checkout nobody can complete.
  const noPayments = gateways.isSuccess && gateways.data.length === 0;
  const actionOf = usePlanActions(noPayments);

  if (!billingOn || (products.isSuccess && products.data.length === 0)) return <ComingSoon />;
  return (
    <div className="flex flex-col items-center gap-10 px-4 py-12 md:px-6">
      <header className="flex flex-col items-center gap-4 text-center">
        <h1 className="text-3xl font-bold md:text-4xl">{trans('Choose the right plan for you')}</h1>
        {products.isSuccess && (
          <CycleToggle products={products.data} cycle={cycle} onChange={setCycle} />
        )}
      </header>
      {products.isPending && (
        <div
          role="status"
          aria-busy="true"
          aria-label={trans('Loading')}
          className="grid w-full max-w-5xl gap-6 md:grid-cols-3"
        >
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-80 rounded-2xl" />
          ))}
        </div>
      )}
      {products.isError && (
        <p role="alert" className="text-danger">
          {trans('There was an issue loading the plans. Please try again later.')}
        </p>
      )}
      {noPayments && products.isSuccess && products.data.some((product) => !product.free) && (
        <p role="status" className="max-w-xl rounded-lg border border-border p-4 text-center">
          {trans(
            'Paid plans cannot be bought yet: this site does not take payments at the moment.',
          )}
        </p>
      )}
      {products.isSuccess && (
        <PlanCards products={products.data} cycle={cycle} actionOf={actionOf} />
      )}
      <ContactPanel />
    </div>
  );
}

function usePlanActions(noPayments: boolean) {
  const trans = useTrans();
  const user = useCurrentUser();
  const subscribed = isSubscribed(user);
  return (product: Product, price: Price | undefined): PlanAction | null => {
    if (noPayments && !product.free) return null;
    const label = product.free ? trans('Get started') : trans('Upgrade');
    if (!user) {
      return {
        to: '/register?redirectFrom=pricing',
        label,
        onClick: () =>
          !product.free &&
          price &&
          rememberOnboardingChoice({ productId: product.id, priceId: price.id }),
      };
    }
    if (product.free || !price) return subscribed ? null : { to: '/', label };
    if (subscribed) return { to: `/change-plan/${product.id}/${price.id}/confirm`, label };
    return { to: `/checkout/${product.id}/${price.id}`, label };
  };
}

function ContactPanel() {
  const trans = useTrans();
  return (
    <section
      aria-labelledby="pricing-contact"
      className="flex w-full max-w-5xl flex-col items-center gap-3 rounded-2xl border border-border p-8 text-center"
    >
      <h2 id="pricing-contact" className="text-xl font-semibold">
        {trans('Do you have any questions about our plans?')}
      </h2>
      <p className="text-fg-muted">{trans('Our support team will be happy to help you.')}</p>
      <Link to="/contact" className={buttonClass('outline', 'md')}>
        {trans('Contact us')}
      </Link>
    </section>
  );
}

/** No plans to show (or billing is off): said plainly rather than answering "not found". */
function ComingSoon() {
  const trans = useTrans();
  return (
    <div className="flex flex-col items-center gap-4 px-6 py-20 text-center">
      <Icon name="music" size={44} className="text-primary" />
      <h1 className="text-3xl font-bold">{trans('Plans are coming soon')}</h1>
      <p className="max-w-md text-fg-muted">
        {trans('Subscriptions are not available yet. Check back soon to pick a plan.')}
      </p>
      <Link to="/" className={buttonClass('outline', 'md')}>
        {trans('Back to home')}
      </Link>
    </div>
  );
}
