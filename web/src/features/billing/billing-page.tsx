import { Link } from 'react-router';
import { formatMoney } from '@backbeat/common/billing/pricing';
import type { Invoice, Subscription } from '@backbeat/common/billing/schemas';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { PriceLabel } from './plan-cards.tsx';
import { useMyBillingQuery } from './queries.ts';

const useDate = () => {
  const locale = useBootstrap((d) => d.locale.language);
  return (iso: string) => new Date(iso).toLocaleDateString(locale, { dateStyle: 'long' });
};

/** `/billing` (spec 2 §2, subscribers only): current plan, next charge, actions, invoices. */
export function BillingPage() {
  const trans = useTrans();
  const billing = useMyBillingQuery();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-10">
      <h1 className="text-3xl font-bold">{trans('Billing')}</h1>
      {billing.isPending && <Skeleton className="h-48 rounded-2xl" />}
      {billing.isError && (
        <p role="alert" className="text-danger">
          {trans('There was an issue loading your billing details. Please try again later.')}
        </p>
      )}
      {billing.isSuccess && billing.data.subscription && (
        <CurrentPlan subscription={billing.data.subscription} />
      )}
      {billing.isSuccess && <Invoices invoices={billing.data.invoices} />}
    </div>
  );
}

function CurrentPlan({ subscription }: { subscription: Subscription }) {
  const trans = useTrans();
  const date = useDate();
  let state: string;
  if (subscription.status === 'past_due' && subscription.grace_ends_at) {
    state = trans(
      'Your last payment failed. Update your payment method before :date to keep your plan.',
      {
        date: date(subscription.grace_ends_at),
      },
    );
  } else if (subscription.cancel_at_period_end && subscription.ends_at) {
    state = trans('Your plan was cancelled and ends on :date.', {
      date: date(subscription.ends_at),
    });
  } else if (subscription.renews_at && subscription.price) {
    state = trans('Next charge on :date.', { date: date(subscription.renews_at) });
  } else if (subscription.ends_at) {
    state = trans('Your plan ends on :date.', { date: date(subscription.ends_at) });
  } else {
    state = trans('Your plan does not renew automatically.');
  }
  return (
    <section
      aria-labelledby="current-plan"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-bg-alt p-6"
    >
      <h2 id="current-plan" className="text-sm font-semibold text-fg-muted uppercase">
        {trans('Current plan')}
      </h2>
      <p className="text-2xl font-bold" data-testid="current-plan-name">
        {subscription.plan_name}
      </p>
      {subscription.price && <PriceLabel price={subscription.price} />}
      <p data-testid="subscription-state">{state}</p>
      <div className="flex flex-wrap gap-3">
        <Link to="/billing/change-plan" className={buttonClass('primary', 'sm')}>
          {trans('Change plan')}
        </Link>
        {subscription.gateway === 'stripe' && (
          <Link to="/billing/change-payment-method" className={buttonClass('outline', 'sm')}>
            {trans('Change payment method')}
          </Link>
        )}
        {subscription.cancel_at_period_end ? (
          <Link to="/billing/renew" className={buttonClass('outline', 'sm')}>
            {trans('Renew plan')}
          </Link>
        ) : (
          <Link to="/billing/cancel" className={buttonClass('text', 'sm')}>
            {trans('Cancel plan')}
          </Link>
        )}
      </div>
    </section>
  );
}

function Invoices({ invoices }: { invoices: Invoice[] }) {
  const trans = useTrans();
  const date = useDate();
  const locale = useBootstrap((d) => d.locale.language);
  const status = { paid: trans('Paid'), failed: trans('Failed'), open: trans('Open') };
  return (
    <section aria-labelledby="invoices" className="flex flex-col gap-3">
      <h2 id="invoices" className="text-xl font-semibold">
        {trans('Payment history')}
      </h2>
      {invoices.length === 0 ? (
        <p className="text-fg-muted">{trans('No payments yet.')}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-fg-muted">
            <tr>
              <th className="py-2">{trans('Date')}</th>
              <th className="py-2">{trans('Amount')}</th>
              <th className="py-2">{trans('Status')}</th>
              <th className="py-2">
                <span className="sr-only">{trans('Invoice')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => (
              <tr key={invoice.id} className="border-t border-border">
                <td className="py-2">{date(invoice.created_at)}</td>
                <td className="py-2">{formatMoney(invoice.amount, invoice.currency, locale)}</td>
                <td className="py-2">{status[invoice.status]}</td>
                <td className="py-2 text-right">
                  {invoice.url && (
                    <a
                      href={invoice.url}
                      target="_blank"
                      rel="noreferrer"
                      className="text-primary underline"
                    >
                      {trans('View invoice')}
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
