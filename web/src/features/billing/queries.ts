import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelMySubscription,
  changeMyPlan,
  getBillingGateways,
  getMyBilling,
  listBillingProducts,
  resumeMySubscription,
} from '@backbeat/common/billing/contract';
import { getBootstrapData } from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { useBootstrapStore } from '../../lib/bootstrap.ts';
import { loadSubscriptionPermissions } from '../../lib/subscription-permissions.ts';

export const billingKeys = {
  products: ['billing', 'products'] as const,
  gateways: ['billing', 'gateways'] as const,
  mine: ['billing', 'me'] as const,
};

export const useProductsQuery = () =>
  useQuery({
    queryKey: billingKeys.products,
    queryFn: async () => (await api(listBillingProducts)).pagination.data,
  });

export const useGatewaysQuery = () =>
  useQuery({
    queryKey: billingKeys.gateways,
    queryFn: async () => (await api(getBillingGateways)).gateways,
  });

export const useMyBillingQuery = () =>
  useQuery({ queryKey: billingKeys.mine, queryFn: () => api(getMyBilling) });

/**
 * After a subscription changes, the user in the bootstrap data (their subscriptions, their
 * plan's permissions) and the subscription permissions are read again.
 */
export async function refreshSubscriber(): Promise<void> {
  const { bootstrapData } = await api(getBootstrapData);
  useBootstrapStore.getState().replace(bootstrapData);
  await loadSubscriptionPermissions();
}

function useBillingMutation<Input>(call: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await refreshSubscriber();
      await client.invalidateQueries({ queryKey: ['billing'] });
    },
  });
}

export const useCancelSubscription = () => useBillingMutation(() => api(cancelMySubscription));
export const useResumeSubscription = () => useBillingMutation(() => api(resumeMySubscription));
export const useChangePlan = () =>
  useBillingMutation((choice: { product_id: number; price_id: number }) =>
    api(changeMyPlan, choice),
  );
