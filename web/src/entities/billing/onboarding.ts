/*
 * Spec 1 §2: a plan chosen on the pricing page before registering is remembered, so that
 * after registering or logging in the listener goes on to its checkout.
 */
const KEY = 'be.onboarding.plan';

export interface OnboardingChoice {
  productId: number;
  priceId: number;
}

export function rememberOnboardingChoice(choice: OnboardingChoice): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(choice));
  } catch {
    // Storage refused (private mode): the listener picks the plan again after registering.
  }
}

/** The checkout address of a remembered choice, forgetting it; null when none is stored. */
export function takeOnboardingCheckout(): string | null {
  try {
    const stored = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (!stored) return null;
    const choice = JSON.parse(stored) as Partial<OnboardingChoice>;
    const valid = (id: unknown) => Number.isInteger(id) && (id as number) > 0;
    return valid(choice.productId) && valid(choice.priceId)
      ? `/checkout/${choice.productId}/${choice.priceId}`
      : null;
  } catch {
    return null;
  }
}
