import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getAdminSettings,
  getBillingGateways,
  getBootstrapData,
  sendTestEmail,
  updateAdminSettings,
} from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { useBootstrapStore } from '../../../lib/bootstrap.ts';

const SETTINGS_KEY = ['admin', 'settings'] as const;

export const useAdminSettings = () =>
  useQuery({ queryKey: SETTINGS_KEY, queryFn: () => api(getAdminSettings) });

/**
 * Saves some settings (the settings and ads screens). The server applies them on every
 * instance at once; this tab reloads its bootstrap data so the navbar, the player and the
 * rest of the app here show the change without a reload.
 */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) => api(updateAdminSettings, values),
    onSuccess: async (answer) => {
      client.setQueryData(SETTINGS_KEY, answer);
      const { bootstrapData } = await api(getBootstrapData);
      useBootstrapStore.getState().replace(bootstrapData);
    },
  });
}

export const useSendTestEmail = () =>
  useMutation({ mutationFn: (to: string) => api(sendTestEmail, { to }) });

/** The payment providers the server was started with (fixed until it restarts). */
export const usePaymentGateways = () =>
  useQuery({
    queryKey: ['admin', 'settings', 'gateways'],
    queryFn: async () => (await api(getBillingGateways)).gateways,
    staleTime: Infinity,
  });
