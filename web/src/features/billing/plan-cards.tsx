import clsx from 'clsx';
import { Link } from 'react-router';
import {
  planSavePercent,
  priceDisplay,
  priceForCycle,
  savePercent,
  type BillingCycle,
} from '@backbeat/common/billing/pricing';
import type { Price, Product } from '@backbeat/common/billing/schemas';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';

/**
 * Spec 2 §2: the Annual/Monthly switch, with "Save up to N%": the best of the plans whose own
 * saving is between 1 and 200 (each plan counted alone, spec 2 §9).
 */
export function CycleToggle({
  products,
  cycle,
  onChange,
}: {
  products: Product[];
  cycle: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
}) {
  const trans = useTrans();
  const saving = savePercent(products);
  const options: { value: BillingCycle; label: string }[] = [
    { value: 'yearly', label: trans('Annual') },
    { value: 'monthly', label: trans('Monthly') },
  ];
  return (
    <div className="flex flex-col items-center gap-2">
      <div
        role="radiogroup"
        aria-label={trans('Billing cycle')}
        className="inline-flex rounded-full border border-border p-1"
      >
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={cycle === option.value}
            onClick={() => onChange(option.value)}
            className={clsx(
              'rounded-full px-5 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-primary',
              cycle === option.value ? 'bg-primary text-on-primary' : 'text-fg hover:bg-bg-hover',
            )}
          >
            {option.label}
          </button>
        ))}
      </div>
      {saving !== null && (
        <p className="text-sm font-semibold text-primary">
          {trans('Save up to :percent%', { percent: saving })}
        </p>
      )}
    </div>
  );
}

/** "$9.99 / month": the price per interval (amount ÷ interval_count, spec 2 §9). */
export function PriceLabel({ price, className }: { price: Price; className?: string }) {
  const trans = useTrans();
  const locale = useBootstrap((d) => d.locale.language);
  const shown = priceDisplay(price, locale);
  const per = { day: trans('day'), month: trans('month'), year: trans('year') }[shown.interval];
  return (
    <span className={className}>
      <span className="text-3xl font-bold">{shown.amount}</span>{' '}
      <span className="text-fg-muted">/ {per}</span>
    </span>
  );
}

export interface PlanAction {
  to: string;
  label: string;
  onClick?: () => void;
}

/** Spec 2 §2 plan cards: badge, price for the cycle, "What's included", the button. */
export function PlanCards({
  products,
  cycle,
  actionOf,
}: {
  products: Product[];
  cycle: BillingCycle;
  actionOf: (product: Product, price: Price | undefined) => PlanAction | null;
}) {
  const trans = useTrans();
  return (
    <ul className="grid w-full max-w-5xl gap-6 [grid-template-columns:repeat(auto-fit,minmax(min(100%,260px),1fr))]">
      {products.map((product) => {
        const price = priceForCycle(product.prices, cycle);
        const action = actionOf(product, price);
        const saving = cycle === 'yearly' && !product.free ? planSavePercent(product) : null;
        const headingId = `plan-${product.id}`;
        return (
          <li
            key={product.id}
            aria-labelledby={headingId}
            className={clsx(
              'relative flex flex-col gap-4 rounded-2xl border bg-bg-alt p-6',
              product.recommended ? 'border-primary shadow-lg' : 'border-border',
            )}
          >
            {product.recommended && (
              <span className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-on-primary">
                {trans('Most popular')}
              </span>
            )}
            <h2 id={headingId} className="text-xl font-semibold">
              {product.name}
            </h2>
            {product.description && <p className="text-sm text-fg-muted">{product.description}</p>}
            <div>
              {price && !product.free ? (
                <PriceLabel price={price} />
              ) : (
                <span className="text-3xl font-bold">{trans('Free')}</span>
              )}
              {saving !== null && (
                <p className="mt-1 text-sm font-semibold text-primary">
                  {trans('Save :percent% with annual billing', { percent: saving })}
                </p>
              )}
            </div>
            {action && (
              <Link
                to={action.to}
                onClick={action.onClick}
                className={buttonClass(product.recommended ? 'primary' : 'outline', 'md', 'w-full')}
                aria-describedby={headingId}
              >
                {action.label}
              </Link>
            )}
            {product.feature_list.length > 0 && (
              <div>
                <h3 className="mb-2 text-sm font-semibold">{trans("What's included")}</h3>
                <ul className="flex flex-col gap-2 text-sm">
                  {product.feature_list.map((feature) => (
                    <li key={feature} className="flex items-start gap-2">
                      <Icon name="check" size={18} className="shrink-0 text-primary" />
                      {feature}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
