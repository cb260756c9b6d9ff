import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DEFAULT_BILLING_CYCLE, type BillingCycle } from '@backbeat/common/billing/pricing';
import type { Price, Product } from '@backbeat/common/billing/schemas';
import { NotFoundPage } from '../../entities/errors/error-pages.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { CycleToggle, PlanCards, PriceLabel } from './plan-cards.tsx';
import { useChangePlan, useMyBillingQuery, useProductsQuery } from './queries.ts';

/** `/billing/change-plan`: the plans, each leading to its confirmation. */
export function ChangePlanPage() {
  const trans = useTrans();
  const products = useProductsQuery();
  const billing = useMyBillingQuery();
  const [cycle, setCycle] = useState<BillingCycle>(DEFAULT_BILLING_CYCLE);
  const current = billing.data?.subscription?.price_id;
  const actionOf = (product: Product, price: Price | undefined) => {
    if (product.free || !price) return null;
    if (price.id === current) return { to: '/billing', label: trans('Current plan') };
    return {
      to: `/billing/change-plan/${product.id}/${price.id}/confirm`,
      label: trans('Choose :plan', { plan: product.name }),
    };
  };
  return (
    <div className="flex flex-col items-center gap-8 px-4 py-10">
      <h1 className="text-3xl font-bold">{trans('Change plan')}</h1>
      {products.isPending ? (
        <Skeleton className="h-80 w-full max-w-5xl rounded-2xl" />
      ) : products.isError ? (
        <p role="alert" className="text-danger">
          {trans('There was an issue loading the plans. Please try again later.')}
        </p>
      ) : (
        <>
          <CycleToggle products={products.data} cycle={cycle} onChange={setCycle} />
          <PlanCards products={products.data} cycle={cycle} actionOf={actionOf} />
        </>
      )}
    </div>
  );
}

/**
 * The confirmation of a plan change, at `/billing/change-plan/{p}/{pr}/confirm` and at
 * `/change-plan/{p}/{pr}/confirm` where the pricing page sends subscribers: the same page,
 * so both addresses work and lead back to `/billing`.
 */
export function ConfirmPlanChangePage() {
  const trans = useTrans();
  const navigate = useNavigate();
  const productId = Number(useParams().productId);
  const priceId = Number(useParams().priceId);
  const products = useProductsQuery();
  const change = useChangePlan();
  const [error, setError] = useState<string | null>(null);
  if (products.isPending)
    return <Skeleton className="mx-auto mt-10 h-48 w-full max-w-md rounded-2xl" />;
  const product = products.data?.find((p) => p.id === productId);
  const price = product?.prices.find((p) => p.id === priceId);
  if (!product || !price || product.free) return <NotFoundPage />;

  const confirm = async () => {
    setError(null);
    try {
      await change.mutateAsync({ product_id: productId, price_id: priceId });
      toast(trans('Your plan is now :plan.', { plan: product.name }));
      void navigate('/billing', { replace: true });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <section
      aria-labelledby="confirm-plan"
      className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-12"
    >
      <h1 id="confirm-plan" className="text-2xl font-bold">
        {trans('Confirm your new plan')}
      </h1>
      <div className="flex flex-col gap-2 rounded-2xl border border-border bg-bg-alt p-6">
        <h2 className="text-lg font-semibold">{product.name}</h2>
        <PriceLabel price={price} />
        <p className="text-sm text-fg-muted">
          {trans('The difference is charged or credited for the rest of the current period.')}
        </p>
      </div>
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-3">
        <Link to="/billing" className={buttonClass('text', 'md')}>
          {trans('Cancel')}
        </Link>
        <Button onClick={() => void confirm()} disabled={change.isPending}>
          {trans('Confirm')}
        </Button>
      </div>
    </section>
  );
}
