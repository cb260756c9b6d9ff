import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PERMISSION_DEFINITIONS } from '@backbeat/common';
import { currencyFactor } from '@backbeat/common/billing/pricing';
import { plansResource } from '@backbeat/common/billing/contract';
import {
  PLAN_PERMISSIONS,
  planInputSchema,
  type AdminPlan,
} from '@backbeat/common/billing/schemas';
import { NotFoundPage } from '../../entities/errors/error-pages.tsx';
import { errorMessage, fieldErrors } from '../../lib/api-error.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Checkbox, TextArea, TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { useResourceRow, useSaveResource } from './resources/queries.ts';
import { PlanPricesEditor, type PriceDraft } from './plan-prices.tsx';
import { NumberTextField } from '../../ui/number-field/number-field.tsx';

const describe = (name: string) =>
  PERMISSION_DEFINITIONS.find((definition) => definition.name === name)?.description ?? '';

/** `/admin/plans/new` and `/admin/plans/{id}/edit`. */
export function PlanFormPage() {
  const { id } = useParams();
  const planId = id === undefined ? null : Number(id);
  const valid = planId === null || (Number.isInteger(planId) && planId > 0);
  const row = useResourceRow<AdminPlan>(plansResource, valid ? planId : null);
  if (!valid) return <NotFoundPage />;
  if (planId === null) return <PlanForm />;
  if (row.isPending) return <Skeleton className="mx-auto mt-6 h-96 w-full max-w-2xl" />;
  if (row.isError) return <NotFoundPage />;
  return <PlanForm plan={row.data} key={row.data.id} />;
}

const draftOf = (plan?: AdminPlan): PriceDraft[] =>
  (plan?.prices ?? []).map((price) => ({
    id: price.id,
    amount: String(price.amount / currencyFactor(price.currency)),
    currency: price.currency,
    interval: price.interval,
    interval_count: String(price.interval_count),
  }));

/**
 * A plan: its card on the pricing page (name, description, features, badge), its prices,
 * and what a subscriber gets (permissions, no ads, upload space). Checked with the same zod
 * schema the server uses; the server's field errors land on the same fields.
 */
function PlanForm({ plan }: { plan?: AdminPlan }) {
  const trans = useTrans();
  const navigate = useNavigate();
  const save = useSaveResource<AdminPlan>(plansResource);
  const [name, setName] = useState(plan?.name ?? '');
  const [description, setDescription] = useState(plan?.description ?? '');
  const [features, setFeatures] = useState((plan?.feature_list ?? []).join('\n'));
  const [flags, setFlags] = useState({
    hidden: plan?.hidden ?? false,
    recommended: plan?.recommended ?? false,
    free: plan?.free ?? false,
    no_ads: plan?.no_ads ?? false,
  });
  const [position, setPosition] = useState(String(plan?.position ?? 0));
  const [granted, setGranted] = useState(new Set((plan?.permissions ?? []).map((p) => p.name)));
  const space = plan?.permissions
    .find((p) => p.name === 'music.create')
    ?.restrictions.find((r) => r.name === 'space')?.value;
  const [uploadMb, setUploadMb] = useState(space ? String(Number(space) / 1024 / 1024) : '');
  const [prices, setPrices] = useState<PriceDraft[]>(draftOf(plan));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const values = () => ({
    name,
    description: description || null,
    feature_list: features
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    ...flags,
    position: Number(position) || 0,
    permissions: [...granted].map((permission) => ({
      name: permission,
      restrictions:
        permission === 'music.create' && uploadMb
          ? [{ name: 'space', value: Math.round(Number(uploadMb) * 1024 * 1024) }]
          : [],
    })),
    prices: prices.map((price) => ({
      ...(price.id ? { id: price.id } : {}),
      amount: Math.round(Number(price.amount) * currencyFactor(price.currency || 'USD')),
      currency: price.currency,
      interval: price.interval,
      interval_count: Number(price.interval_count),
    })),
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = values();
    const checked = planInputSchema.safeParse(input);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(checked.error.issues.map((i) => [i.path.join('.'), trans(i.message)])),
      );
      return;
    }
    try {
      await save.mutateAsync({ id: plan?.id ?? null, values: input });
      toast(trans('Plan saved'));
      void navigate('/admin/plans');
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(Object.keys(byField).length ? byField : { form: errorMessage(error) });
    }
  };

  return (
    <section aria-labelledby="plan-form-title" className="mx-auto w-full max-w-2xl px-4 py-6">
      <h1 id="plan-form-title" className="mb-6 text-2xl font-semibold">
        {plan ? trans('Edit ":name"', { name: plan.name }) : trans('New plan')}
      </h1>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
        {errors.form && (
          <p role="alert" className="text-danger">
            {errors.form}
          </p>
        )}
        <TextField
          label={trans('Name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <label className="flex flex-col gap-1 text-sm font-medium">
          {trans('Description')}
          <TextArea value={description} onChange={(e) => setDescription(e.target.value)} rows={2} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {trans('Features, one per line')}
          <TextArea value={features} onChange={(e) => setFeatures(e.target.value)} />
        </label>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-2 text-sm font-medium">{trans('Options')}</legend>
          {(
            [
              ['recommended', trans('Most popular')],
              ['free', trans('Free plan')],
              ['hidden', trans('Hidden from the pricing page')],
              ['no_ads', trans('No ads')],
            ] as const
          ).map(([key, label]) => (
            <Checkbox
              key={key}
              label={label}
              checked={flags[key]}
              onChange={(e) => setFlags({ ...flags, [key]: e.target.checked })}
            />
          ))}
        </fieldset>
        <NumberTextField
          label={trans('Position')}
          value={position}
          onValueChange={setPosition}
          error={errors.position}
        />
        {!flags.free && <PlanPricesEditor prices={prices} onChange={setPrices} errors={errors} />}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">
            {trans('Subscribers get these permissions')}
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {PLAN_PERMISSIONS.map((name) => (
              <Checkbox
                key={name}
                label={`${name}: ${trans(describe(name))}`}
                checked={granted.has(name)}
                onChange={(e) => {
                  const next = new Set(granted);
                  if (e.target.checked) next.add(name);
                  else next.delete(name);
                  setGranted(next);
                }}
              />
            ))}
          </div>
        </fieldset>
        {granted.has('music.create') && (
          <NumberTextField
            label={trans('Upload space in MB (empty for no limit)')}
            value={uploadMb}
            onValueChange={setUploadMb}
          />
        )}
        <div className="flex justify-end gap-2">
          <Link to="/admin/plans" className={buttonClass('text', 'md')}>
            {trans('Cancel')}
          </Link>
          <Button type="submit" disabled={save.isPending}>
            {trans('Save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
