import type { RouteObject } from 'react-router';

/** Spec 2 §2 `/pricing`: open to everyone, never guarded (the guard sends people here). */
export const billingRoutes: RouteObject[] = [
  {
    path: 'pricing',
    lazy: async () => ({ Component: (await import('./pricing-page.tsx')).PricingPage }),
  },
];
