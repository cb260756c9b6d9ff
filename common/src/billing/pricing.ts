/*
 * Price maths of the pricing page (spec 2 §4, §9), shared by the page, the billing screens
 * and the server: which price a cycle shows, what a price reads per interval, and the
 * "Save up to N%" between monthly and yearly.
 */

export const PRICE_INTERVALS = ['day', 'month', 'year'] as const;
export type PriceInterval = (typeof PRICE_INTERVALS)[number];
export type BillingCycle = 'monthly' | 'yearly';

/** Spec 2 §2: the toggle starts on yearly. */
export const DEFAULT_BILLING_CYCLE: BillingCycle = 'yearly';
/** Spec 2 §9: "Save up to N%" shows only while N is between these (inclusive). */
export const SAVE_PERCENT_MIN = 1;
export const SAVE_PERCENT_MAX = 200;

export interface PriceLike {
  amount: number;
  currency: string;
  interval: PriceInterval;
  interval_count: number;
}

/** Spec 2 §4: monthly is 30+ days or 1+ month; yearly is 12+ months or 1+ year. */
export function matchesCycle(price: PriceLike, cycle: BillingCycle): boolean {
  if (cycle === 'monthly') {
    return (
      (price.interval === 'day' && price.interval_count >= 30) ||
      (price.interval === 'month' && price.interval_count >= 1)
    );
  }
  return (
    (price.interval === 'month' && price.interval_count >= 12) ||
    (price.interval === 'year' && price.interval_count >= 1)
  );
}

/**
 * Spec 2 §4: the price a card shows for the chosen cycle; otherwise the first price. A
 * yearly price also matches "monthly" by the letter of the rule, so an exact match of the
 * other cycle is not taken for this one: monthly prefers a price that is not yearly.
 */
export function priceForCycle<P extends PriceLike>(
  prices: readonly P[],
  cycle: BillingCycle,
): P | undefined {
  const matching = prices.filter((price) => matchesCycle(price, cycle));
  if (cycle === 'monthly') {
    return matching.find((price) => !matchesCycle(price, 'yearly')) ?? matching[0] ?? prices[0];
  }
  return matching[0] ?? prices[0];
}

/** Spec 2 §9: the amount shown is per interval: amount ÷ interval_count (minor units). */
export function amountPerInterval(price: Pick<PriceLike, 'amount' | 'interval_count'>): number {
  return price.amount / Math.max(1, price.interval_count);
}

/** Minor units per major unit for a currency (JPY has none, most have 100). */
export function currencyFactor(currency: string, locale = 'en'): number {
  const digits =
    new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return 10 ** digits;
}

/** "$9.99": a minor-unit amount in its currency, for the reader's locale. */
export function formatMoney(amount: number, currency: string, locale = 'en'): string {
  const upper = currency.toUpperCase();
  return new Intl.NumberFormat(locale, { style: 'currency', currency: upper }).format(
    amount / currencyFactor(upper, locale),
  );
}

/** What a price card reads: the amount per interval, formatted, and the interval it is per. */
export function priceDisplay(
  price: PriceLike,
  locale = 'en',
): { amount: string; interval: PriceInterval } {
  return {
    amount: formatMoney(Math.round(amountPerInterval(price)), price.currency, locale),
    interval: price.interval,
  };
}

/** How many days one billing period of a price covers (near enough to compare prices). */
export function periodDays(price: Pick<PriceLike, 'interval' | 'interval_count'>): number {
  const perUnit = price.interval === 'day' ? 1 : price.interval === 'month' ? 30 : 360;
  return perUnit * Math.max(1, price.interval_count);
}

/**
 * Spec 2 §9: what a plan saves paying yearly: a year of its monthly payments beyond its yearly
 * price, as a share of the yearly price (hence the cap of 200: a yearly price a third of
 * twelve months), rounded. Null when the plan lacks either price, when they are in different
 * currencies, or when N is outside 1-200 (a plan priced by mistake shows no saving).
 */
export function planSavePercent(product: { prices: readonly PriceLike[] }): number | null {
  const monthly = product.prices.find(
    (price) => matchesCycle(price, 'monthly') && !matchesCycle(price, 'yearly'),
  );
  const yearly = product.prices.find((price) => matchesCycle(price, 'yearly'));
  if (!monthly || !yearly || monthly.currency !== yearly.currency || monthly.amount <= 0) {
    return null;
  }
  const monthlyPerDay = monthly.amount / periodDays(monthly);
  const yearlyPerDay = yearly.amount / periodDays(yearly);
  if (yearlyPerDay <= 0) return null;
  const percent = Math.round(((monthlyPerDay - yearlyPerDay) / yearlyPerDay) * 100);
  return percent >= SAVE_PERCENT_MIN && percent <= SAVE_PERCENT_MAX ? percent : null;
}

/**
 * Spec 2 §9: "Save up to N%" over the plans: the best saving among the plans whose own saving
 * is shown (1-200). One plan outside that range is left out, not taken to hide the others.
 */
export function savePercent(products: readonly { prices: readonly PriceLike[] }[]): number | null {
  let best: number | null = null;
  for (const product of products) {
    const percent = planSavePercent(product);
    if (percent !== null && (best === null || percent > best)) best = percent;
  }
  return best;
}
