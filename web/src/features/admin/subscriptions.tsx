import { subscriptionsResource } from '@backbeat/common/billing/contract';
import type { Subscription } from '@backbeat/common/billing/schemas';
import { useTrans } from '../../lib/translator.ts';
import { ResourceIndex } from './resources/resource-index.tsx';

/** Admin subscriptions (spec 2 §2, subscriptions.update): list, filter; a row opens its page. */
export function SubscriptionsIndexPage() {
  const trans = useTrans();
  const statusLabel = useStatusLabel();
  return (
    <ResourceIndex<Subscription>
      resource={subscriptionsResource}
      title={trans('Subscriptions')}
      rowLabel={(s) => `${s.user?.email ?? s.user_id} · ${s.plan_name}`}
      columns={[
        { key: 'user', header: trans('Customer'), cell: (s) => s.user?.email ?? `#${s.user_id}` },
        { key: 'plan_name', header: trans('Plan') },
        { key: 'status', header: trans('Status'), cell: (s) => statusLabel(s) },
        {
          key: 'gateway',
          header: trans('Provider'),
          wide: true,
          cell: (s) => providerName(s.gateway, trans),
        },
        {
          key: 'renews_at',
          header: trans('Renews'),
          wide: true,
          cell: (s) =>
            s.renews_at && !s.cancel_at_period_end
              ? new Date(s.renews_at).toLocaleDateString()
              : '—',
        },
        {
          key: 'created_at',
          header: trans('Created'),
          wide: true,
          cell: (s) => new Date(s.created_at).toLocaleDateString(),
        },
      ]}
      filters={{
        status: {
          label: trans('Status'),
          options: {
            valid: trans('Active'),
            canceled: trans('Cancelled at period end'),
            past_due: trans('Payment failed'),
            ended: trans('Ended'),
          },
        },
        gateway: {
          label: trans('Provider'),
          options: { stripe: 'Stripe', paypal: 'PayPal', none: trans('Manual') },
        },
      }}
      labels={{
        create: trans('Grant a subscription'),
        empty: trans('No subscriptions match.'),
        search: trans('Search by customer'),
        deleted: trans('Subscriptions deleted'),
      }}
    />
  );
}

export const providerName = (gateway: Subscription['gateway'], trans: (line: string) => string) =>
  gateway === 'stripe' ? 'Stripe' : gateway === 'paypal' ? 'PayPal' : trans('Manual');

export function useStatusLabel() {
  const trans = useTrans();
  return (s: Subscription) => {
    if (!s.valid) return trans('Ended');
    if (s.status === 'past_due') return trans('Payment failed');
    if (s.cancel_at_period_end) return trans('Cancelled at period end');
    return trans('Active');
  };
}
