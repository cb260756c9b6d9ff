import { PRICE_INTERVALS, type PriceInterval } from '@backbeat/common/billing/pricing';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { NumberTextField } from '../../ui/number-field/number-field.tsx';

export interface PriceDraft {
  id?: number;
  /** In major units as typed (9.99); the form converts to minor units. */
  amount: string;
  currency: string;
  interval: PriceInterval;
  interval_count: string;
}

/** The prices of a plan: amount, currency, every N days, months or years. */
export function PlanPricesEditor({
  prices,
  onChange,
  errors,
}: {
  prices: PriceDraft[];
  onChange: (prices: PriceDraft[]) => void;
  errors: Record<string, string>;
}) {
  const trans = useTrans();
  const intervals = { day: trans('Days'), month: trans('Months'), year: trans('Years') };
  const set = (index: number, change: Partial<PriceDraft>) =>
    onChange(prices.map((price, i) => (i === index ? { ...price, ...change } : price)));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">{trans('Prices')}</legend>
      {prices.map((price, index) => (
        <div
          key={price.id ?? `new-${index}`}
          className="grid grid-cols-2 items-end gap-2 sm:grid-cols-5"
        >
          <NumberTextField
            label={trans('Amount')}
            value={price.amount}
            onValueChange={(amount) => set(index, { amount })}
            error={errors[`prices.${index}.amount`]}
          />
          <TextField
            label={trans('Currency')}
            value={price.currency}
            maxLength={3}
            onChange={(e) => set(index, { currency: e.target.value.toUpperCase() })}
            error={errors[`prices.${index}.currency`]}
          />
          <NumberTextField
            label={trans('Every')}
            value={price.interval_count}
            onValueChange={(interval_count) => set(index, { interval_count })}
            error={errors[`prices.${index}.interval_count`]}
          />
          <label className="flex flex-col gap-1 text-sm font-medium">
            {trans('Interval')}
            <select
              value={price.interval}
              onChange={(e) => set(index, { interval: e.target.value as PriceInterval })}
              className="h-[42px] rounded-lg border border-border bg-bg px-3 text-sm"
            >
              {PRICE_INTERVALS.map((interval) => (
                <option key={interval} value={interval}>
                  {intervals[interval]}
                </option>
              ))}
            </select>
          </label>
          <Button
            type="button"
            variant="text"
            onClick={() => onChange(prices.filter((_, i) => i !== index))}
          >
            {trans('Remove')}
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() =>
          onChange([
            ...prices,
            { amount: '', currency: 'USD', interval: 'month', interval_count: '1' },
          ])
        }
      >
        {trans('Add price')}
      </Button>
    </fieldset>
  );
}
