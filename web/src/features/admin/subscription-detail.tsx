import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelAdminSubscription,
  plansResource,
  resumeAdminSubscription,
  subscriptionsResource,
} from '@backbeat/common/billing/contract';
import type { Subscription } from '@backbeat/common/billing/schemas';
import { NotFoundPage } from '../../entities/errors/error-pages.tsx';
import { api } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { resourceKeys, useResourceRow, useSaveResource } from './resources/queries.ts';
import { providerName, useStatusLabel } from './subscriptions.tsx';
import { NumberTextField } from '../../ui/number-field/number-field.tsx';

/** Every plan, hidden ones too (an admin may grant a plan that is not on sale). */
const usePlans = () =>
  useQuery({
    queryKey: ['admin', 'plans', 'all'],
    queryFn: async () => (await api(plansResource.list, { perPage: 100 })).pagination.data,
  });

/** `/admin/subscriptions/{id}`: see one, cancel (at period end or now), resume, change plan. */
export function SubscriptionDetailPage() {
  const id = Number(useParams().id);
  const row = useResourceRow<Subscription>(subscriptionsResource, id > 0 ? id : null);
  if (!(id > 0) || row.isError) return <NotFoundPage />;
  if (row.isPending) return <Skeleton className="mx-auto mt-6 h-80 w-full max-w-2xl" />;
  return <SubscriptionDetail subscription={row.data} />;
}

function SubscriptionDetail({ subscription: s }: { subscription: Subscription }) {
  const trans = useTrans();
  const statusLabel = useStatusLabel();
  const client = useQueryClient();
  const plans = usePlans();
  const [choice, setChoice] = useState(`${s.product_id ?? ''}:${s.price_id ?? ''}`);
  const act = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: resourceKeys.all(subscriptionsResource) }),
    onError: (error) => toast.danger(errorMessage(error)),
  });
  const save = useSaveResource<Subscription>(subscriptionsResource);
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
  const facts: [string, string][] = [
    [trans('Customer'), s.user ? `${s.user.name} (${s.user.email})` : `#${s.user_id}`],
    [trans('Plan'), s.plan_name],
    [trans('Status'), statusLabel(s)],
    [
      trans('Provider'),
      `${providerName(s.gateway, trans)}${s.gateway_id ? ` · ${s.gateway_id}` : ''}`,
    ],
    [trans('Renews'), s.cancel_at_period_end ? '—' : date(s.renews_at)],
    [trans('Ends'), date(s.ends_at)],
    [trans('Grace period ends'), date(s.grace_ends_at)],
  ];
  const [productId, priceId] = choice.split(':').map(Number);
  return (
    <section
      aria-labelledby="subscription-title"
      className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6"
    >
      <h1 id="subscription-title" className="text-2xl font-semibold">
        {trans('Subscription :id', { id: s.id })}
      </h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-fg-muted">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {s.valid && (
        <div className="flex flex-wrap gap-3">
          {s.cancel_at_period_end ? (
            <Button
              variant="outline"
              disabled={act.isPending}
              onClick={() => act.mutate(() => api(resumeAdminSubscription, { id: s.id }))}
            >
              {trans('Resume')}
            </Button>
          ) : (
            <Button
              variant="outline"
              disabled={act.isPending}
              onClick={() => act.mutate(() => api(cancelAdminSubscription, { id: s.id }))}
            >
              {trans('Cancel at period end')}
            </Button>
          )}
          <Button
            variant="danger"
            disabled={act.isPending}
            onClick={() =>
              act.mutate(() => api(cancelAdminSubscription, { id: s.id, at_once: true }))
            }
          >
            {trans('Cancel now')}
          </Button>
        </div>
      )}
      {s.valid && plans.isSuccess && (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void save
              .mutateAsync({
                id: s.id,
                values: { product_id: productId, price_id: priceId || null },
              })
              .then(
                () => toast(trans('Plan changed')),
                (error: unknown) => toast.danger(errorMessage(error)),
              );
          }}
        >
          <label className="flex flex-col gap-1 text-sm font-medium">
            {trans('Change plan')}
            <select
              value={choice}
              onChange={(e) => setChoice(e.target.value)}
              className="h-[42px] rounded-lg border border-border bg-bg px-3 text-sm"
            >
              {plans.data.flatMap((plan) =>
                (plan.prices.length ? plan.prices : [null]).map((price) => (
                  <option
                    key={`${plan.id}:${price?.id ?? ''}`}
                    value={`${plan.id}:${price?.id ?? ''}`}
                  >
                    {price
                      ? `${plan.name} · ${price.amount / 100} ${price.currency} / ${price.interval_count} ${price.interval}`
                      : plan.name}
                  </option>
                )),
              )}
            </select>
          </label>
          <Button type="submit" disabled={save.isPending}>
            {trans('Change plan')}
          </Button>
        </form>
      )}
      <Link to="/admin/subscriptions" className={buttonClass('text', 'md', 'self-start')}>
        {trans('Back to subscriptions')}
      </Link>
    </section>
  );
}

/** `/admin/subscriptions/new`: a manual subscription (no payment) for a user. */
export function GrantSubscriptionPage() {
  const trans = useTrans();
  const navigate = useNavigate();
  const plans = usePlans();
  const save = useSaveResource<Subscription>(subscriptionsResource);
  const [userId, setUserId] = useState('');
  const [productId, setProductId] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <section aria-labelledby="grant-title" className="mx-auto w-full max-w-xl px-4 py-6">
      <h1 id="grant-title" className="mb-6 text-2xl font-semibold">
        {trans('Grant a subscription')}
      </h1>
      <form
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          save
            .mutateAsync({
              id: null,
              values: {
                user_id: Number(userId),
                product_id: Number(productId),
                ends_at: endsAt ? new Date(endsAt).toISOString() : null,
              },
            })
            .then(
              (created) => {
                toast(trans('Subscription granted'));
                void navigate(`/admin/subscriptions/${created.id}`);
              },
              (failure: unknown) => setError(errorMessage(failure)),
            );
        }}
      >
        {error && (
          <p role="alert" className="text-danger">
            {error}
          </p>
        )}
        <NumberTextField label={trans('User id')} value={userId} onValueChange={setUserId} />
        <label className="flex flex-col gap-1 text-sm font-medium">
          {trans('Plan')}
          <select
            value={productId}
            onChange={(e) => setProductId(e.target.value)}
            className="h-[42px] rounded-lg border border-border bg-bg px-3 text-sm"
          >
            <option value="">{trans('Choose a plan')}</option>
            {plans.data?.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.name}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label={trans('Ends (empty: until cancelled)')}
          type="datetime-local"
          value={endsAt}
          onChange={(e) => setEndsAt(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Link to="/admin/subscriptions" className={buttonClass('text', 'md')}>
            {trans('Cancel')}
          </Link>
          <Button type="submit" disabled={save.isPending}>
            {trans('Grant')}
          </Button>
        </div>
      </form>
    </section>
  );
}
