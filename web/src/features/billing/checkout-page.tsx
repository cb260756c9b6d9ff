import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { isSubscribed } from '@backbeat/common';
import { startCheckout } from '@backbeat/common/billing/contract';
import type { PaymentGateway } from '@backbeat/common/billing/schemas';
import { rememberOnboardingChoice } from '../../entities/billing/onboarding.ts';
import { NotFoundPage } from '../../entities/errors/error-pages.tsx';
import { api } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { PriceLabel } from './plan-cards.tsx';
import { useGatewaysQuery, useProductsQuery } from './queries.ts';

/** Where a payment provider's page is opened (a full navigation; tests may replace it). */
export const leaveFor = (url: string) => window.location.assign(url);

/**
 * `/checkout/{productId}/{priceId}` (spec 2 §2): register first when logged out (the choice
 * is kept), `/billing` when already subscribed; otherwise the plan and a button per payment
 * provider, each opening the provider's own page (Stripe Checkout, PayPal approval).
 */
export function CheckoutPage() {
  const trans = useTrans();
  const user = useCurrentUser();
  const productId = Number(useParams().productId);
  const priceId = Number(useParams().priceId);
  const products = useProductsQuery();
  const gateways = useGatewaysQuery();
  const [busy, setBusy] = useState<PaymentGateway | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!user) {
    if (productId > 0 && priceId > 0) rememberOnboardingChoice({ productId, priceId });
    return <Navigate to="/register?redirectFrom=pricing" replace />;
  }
  if (isSubscribed(user)) return <Navigate to="/billing" replace />;
  if (products.isPending || gateways.isPending) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label={trans('Loading')}
        className="mx-auto w-full max-w-md p-6"
      >
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    );
  }
  const product = products.data?.find((p) => p.id === productId);
  const price = product?.prices.find((p) => p.id === priceId);
  if (!product || !price || product.free) return <NotFoundPage />;

  const pay = async (gateway: PaymentGateway) => {
    setBusy(gateway);
    setError(null);
    try {
      const { url } = await api(startCheckout, {
        product_id: productId,
        price_id: priceId,
        gateway,
      });
      leaveFor(url);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(null);
    }
  };

  return (
    <section
      aria-labelledby="checkout-title"
      className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-12"
    >
      <h1 id="checkout-title" className="text-2xl font-bold">
        {trans('Checkout')}
      </h1>
      <div className="flex flex-col gap-2 rounded-2xl border border-border bg-bg-alt p-6">
        <h2 className="text-lg font-semibold">{product.name}</h2>
        <PriceLabel price={price} />
      </div>
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
      {gateways.data?.length ? (
        <div className="flex flex-col gap-3">
          {gateways.data.includes('stripe') && (
            <Button onClick={() => void pay('stripe')} disabled={busy !== null}>
              {busy === 'stripe' ? trans('Opening the payment page...') : trans('Pay with card')}
            </Button>
          )}
          {gateways.data.includes('paypal') && (
            <Button variant="outline" onClick={() => void pay('paypal')} disabled={busy !== null}>
              {busy === 'paypal' ? trans('Opening PayPal...') : trans('Pay with PayPal')}
            </Button>
          )}
        </div>
      ) : (
        <div role="status" className="flex flex-col items-start gap-3">
          <p className="text-fg-muted">
            {trans(
              'This site does not take payments at the moment, so this plan cannot be bought yet.',
            )}
          </p>
          <Link to="/pricing" className={buttonClass('outline', 'md')}>
            {trans('Back to plans')}
          </Link>
        </div>
      )}
    </section>
  );
}
