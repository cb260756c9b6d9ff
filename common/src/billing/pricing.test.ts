import { describe, expect, it } from 'vitest';
import {
  amountPerInterval,
  matchesCycle,
  priceDisplay,
  planSavePercent,
  priceForCycle,
  savePercent,
  type PriceLike,
} from './pricing.ts';

const price = (
  amount: number,
  interval: PriceLike['interval'],
  interval_count = 1,
  currency = 'USD',
): PriceLike & { amount: number } => ({ amount, currency, interval, interval_count });

describe('pricing cycle choice (spec 2 §4)', () => {
  it('matches monthly at 30+ days or 1+ month, yearly at 12+ months or 1+ year', () => {
    expect(matchesCycle(price(1, 'day', 30), 'monthly')).toBe(true);
    expect(matchesCycle(price(1, 'day', 29), 'monthly')).toBe(false);
    expect(matchesCycle(price(1, 'month'), 'monthly')).toBe(true);
    expect(matchesCycle(price(1, 'month', 12), 'yearly')).toBe(true);
    expect(matchesCycle(price(1, 'month', 11), 'yearly')).toBe(false);
    expect(matchesCycle(price(1, 'year'), 'yearly')).toBe(true);
    expect(matchesCycle(price(1, 'day', 365), 'yearly')).toBe(false);
  });

  it('picks the matching price of each cycle, else the first price', () => {
    const monthly = price(999, 'month');
    const yearly = price(9900, 'year');
    expect(priceForCycle([yearly, monthly], 'monthly')).toBe(monthly);
    expect(priceForCycle([monthly, yearly], 'yearly')).toBe(yearly);
    const weekly = price(300, 'day', 7);
    expect(priceForCycle([weekly, monthly], 'yearly')).toBe(weekly);
    expect(priceForCycle([], 'yearly')).toBeUndefined();
  });

  it('prefers a monthly price over a twelve-month one for the monthly cycle', () => {
    const twelveMonths = price(9900, 'month', 12);
    const monthly = price(999, 'month');
    expect(priceForCycle([twelveMonths, monthly], 'monthly')).toBe(monthly);
  });
});

describe('price display (spec 2 §9)', () => {
  it('shows the amount divided by the interval count, in the currency', () => {
    expect(amountPerInterval(price(3000, 'month', 3))).toBe(1000);
    expect(priceDisplay(price(3000, 'month', 3))).toEqual({ amount: '$10.00', interval: 'month' });
    expect(priceDisplay(price(999, 'month'), 'en')).toEqual({ amount: '$9.99', interval: 'month' });
    expect(priceDisplay(price(1200, 'year', 1, 'jpy')).amount).toBe('¥1,200');
  });
});

describe('"Save up to N%" (spec 2 §9)', () => {
  it('compares a year of monthly payments with the yearly price', () => {
    // 12 × 10.00 = 120.00 against 100.00: 20% more, shown as "Save up to 20%".
    expect(savePercent([{ prices: [price(1000, 'month'), price(10000, 'year')] }])).toBe(20);
  });

  it('takes the best product', () => {
    const products = [
      { prices: [price(1000, 'month'), price(10000, 'year')] },
      { prices: [price(2000, 'month'), price(16000, 'year')] },
    ];
    expect(savePercent(products)).toBe(50);
  });

  it('is shown only between 1 and 200', () => {
    expect(savePercent([{ prices: [price(1000, 'month'), price(12000, 'year')] }])).toBeNull();
    expect(savePercent([{ prices: [price(1000, 'month'), price(11900, 'year')] }])).toBe(1);
    expect(savePercent([{ prices: [price(1000, 'month'), price(4000, 'year')] }])).toBe(200);
    expect(savePercent([{ prices: [price(1000, 'month'), price(3900, 'year')] }])).toBeNull();
    expect(savePercent([{ prices: [price(1000, 'month')] }])).toBeNull();
  });

  it('is worked out per plan: one plan outside 1-200 hides only its own saving', () => {
    const sound = { prices: [price(1000, 'month'), price(10000, 'year')] };
    // A yearly price a tenth of twelve months (1,100%), a yearly price above twelve months.
    const mistyped = { prices: [price(1000, 'month'), price(1000, 'year')] };
    const dearer = { prices: [price(1000, 'month'), price(15000, 'year')] };
    expect(planSavePercent(sound)).toBe(20);
    expect(planSavePercent(mistyped)).toBeNull();
    expect(planSavePercent(dearer)).toBeNull();
    expect(savePercent([mistyped, sound])).toBe(20);
    expect(savePercent([sound, dearer, mistyped])).toBe(20);
    expect(savePercent([mistyped, dearer])).toBeNull();
  });
});
