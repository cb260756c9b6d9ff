import { plansResource } from '@backbeat/common/billing/contract';
import type { AdminPlan } from '@backbeat/common/billing/schemas';
import { useTrans } from '../../lib/translator.ts';
import { ResourceIndex } from './resources/resource-index.tsx';

/** Admin plans (spec 2 §2, plans.update): the shared list; the form is plan-form.tsx. */
export function PlansIndexPage() {
  const trans = useTrans();
  return (
    <ResourceIndex<AdminPlan>
      resource={plansResource}
      title={trans('Plans')}
      rowLabel={(plan) => plan.name}
      columns={[
        { key: 'name', header: trans('Name') },
        {
          key: 'prices',
          header: trans('Prices'),
          cell: (plan) => (plan.free ? trans('Free') : String(plan.prices.length)),
        },
        {
          key: 'hidden',
          header: trans('Visibility'),
          wide: true,
          cell: (plan) => (plan.hidden ? trans('Hidden') : trans('Listed')),
        },
        {
          key: 'stripe_id',
          header: trans('Synced'),
          wide: true,
          cell: (plan) =>
            [plan.stripe_id && 'Stripe', plan.paypal_id && 'PayPal'].filter(Boolean).join(', ') ||
            '—',
        },
        { key: 'position', header: trans('Position'), wide: true },
      ]}
      filters={{
        hidden: {
          label: trans('Visibility'),
          options: { yes: trans('Hidden'), no: trans('Listed') },
        },
      }}
      labels={{
        create: trans('New plan'),
        empty: trans('No plans match.'),
        search: trans('Search plans'),
        deleted: trans('Plans deleted'),
      }}
    />
  );
}
