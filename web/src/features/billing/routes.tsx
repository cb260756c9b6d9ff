import { Outlet, type RouteObject } from 'react-router';
import { NotFoundPage } from '../../entities/errors/error-pages.tsx';
import { RouteGuard } from '../../entities/session/route-guard.tsx';
import { useBootstrap } from '../../lib/bootstrap.ts';

/** With billing off (the default) none of these pages exist. */
function BillingOn({ children }: { children: React.ReactNode }) {
  const on = useBootstrap((d) => d.settings.billing.enable);
  return on ? children : <NotFoundPage />;
}

/** `/billing` and the plan change: signed-in subscribers only; others go to /pricing. */
function SubscribersOnly() {
  return (
    <BillingOn>
      <RouteGuard requireSubscription>
        <Outlet />
      </RouteGuard>
    </BillingOn>
  );
}

function SignedInBilling() {
  return (
    <BillingOn>
      <RouteGuard>
        <Outlet />
      </RouteGuard>
    </BillingOn>
  );
}

const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) => ({
  lazy: async () => ({ Component: (await load())[name] }),
});
const pages = () => import('./change-plan-pages.tsx');
const subscriptionPages = () => import('./subscription-pages.tsx');
const done = (gateway: 'stripe' | 'paypal') => ({
  lazy: async () => {
    const { CheckoutDonePage } = await import('./checkout-done-page.tsx');
    return { Component: () => <CheckoutDonePage gateway={gateway} /> };
  },
});

/**
 * Spec 2 §2 pricing, checkout and billing. `/pricing` is open to everyone and never guarded
 * (the guard sends people here). The pricing page sends subscribers to
 * `/change-plan/{p}/{pr}/confirm`; `/billing/change-plan/{p}/{pr}/confirm` is the same page.
 */
export const billingRoutes: RouteObject[] = [
  { path: 'pricing', ...page(() => import('./pricing-page.tsx'), 'PricingPage') },
  {
    path: 'checkout/:productId/:priceId',
    element: (
      <BillingOn>
        <Outlet />
      </BillingOn>
    ),
    children: [
      // Logged out goes to /register (the choice is kept), not /login: the page does it.
      { index: true, ...page(() => import('./checkout-page.tsx'), 'CheckoutPage') },
      {
        element: <SignedInBilling />,
        children: [
          { path: 'stripe/done', ...done('stripe') },
          { path: 'paypal/done', ...done('paypal') },
        ],
      },
    ],
  },
  {
    element: <SubscribersOnly />,
    children: [
      { path: 'billing', ...page(() => import('./billing-page.tsx'), 'BillingPage') },
      { path: 'billing/change-plan', ...page(pages, 'ChangePlanPage') },
      {
        path: 'billing/change-plan/:productId/:priceId/confirm',
        ...page(pages, 'ConfirmPlanChangePage'),
      },
      { path: 'change-plan/:productId/:priceId/confirm', ...page(pages, 'ConfirmPlanChangePage') },
      { path: 'billing/cancel', ...page(subscriptionPages, 'CancelPlanPage') },
      { path: 'billing/renew', ...page(subscriptionPages, 'RenewPlanPage') },
      {
        path: 'billing/change-payment-method',
        ...page(subscriptionPages, 'ChangePaymentMethodPage'),
      },
      {
        path: 'billing/change-payment-method/done',
        ...page(subscriptionPages, 'PaymentMethodDonePage'),
      },
    ],
  },
];
