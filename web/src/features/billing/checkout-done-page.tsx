import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { completePaypalCheckout, completeStripeCheckout } from '@backbeat/common/billing/contract';
import { api } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useTrans } from '../../lib/translator.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { refreshSubscriber } from './queries.ts';

/**
 * `/checkout/{productId}/{priceId}/stripe/done` and `/paypal/done`: the provider sent the
 * listener back; the server reads the payment from the provider, then `/billing` shows it.
 */
export function CheckoutDonePage({ gateway }: { gateway: 'stripe' | 'paypal' }) {
  const trans = useTrans();
  const navigate = useNavigate();
  const { productId, priceId } = useParams();
  const [params] = useSearchParams();
  const id = params.get(gateway === 'stripe' ? 'session_id' : 'subscription_id') ?? '';
  const done = useQuery({
    queryKey: ['billing', 'checkout-done', gateway, id],
    queryFn: async () => {
      const answer =
        gateway === 'stripe'
          ? await api(completeStripeCheckout, { session_id: id })
          : await api(completePaypalCheckout, { subscription_id: id });
      await refreshSubscriber();
      return answer.subscription;
    },
    enabled: id !== '',
    retry: false,
    staleTime: Infinity,
  });

  useEffect(() => {
    if (!done.data) return;
    toast(trans('You are subscribed to :plan.', { plan: done.data.plan_name }));
    void navigate('/billing', { replace: true });
  }, [done.data, navigate, trans]);

  if (id === '' || done.isError) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{trans('The payment could not be confirmed')}</h1>
        <p role="alert" className="text-fg-muted">
          {done.isError ? errorMessage(done.error) : trans('The payment provider sent no payment.')}
        </p>
        <Link to={`/checkout/${productId}/${priceId}`} className={buttonClass('outline', 'md')}>
          {trans('Back to checkout')}
        </Link>
      </div>
    );
  }
  return (
    <div role="status" className="flex flex-col items-center gap-4 px-4 py-16">
      <Spinner />
      <p>{trans('Confirming your payment...')}</p>
    </div>
  );
}
