import { useMutation } from '@tanstack/react-query';
import { startTransition } from 'react';
import { useNavigate } from 'react-router';
import type { BootstrapData, LoginInput } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { useBootstrapStore } from '../../lib/bootstrap.ts';
import { queryClient } from '../../lib/query-client.ts';
import { closeAllDialogs } from '../../ui/dialog/dialog-store.ts';

export type LoginResponse =
  { status: 'success'; bootstrapData: BootstrapData } | { two_factor: true };

export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) => api(endpoints.login, input),
    onSuccess: (response) => {
      if ('bootstrapData' in response) {
        queryClient.clear();
        useBootstrapStore.getState().replace(response.bootstrapData);
      }
    },
  });
}

/** Spec §4: the response's bootstrap data replaces ours, caches clear, and we go to /login. */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api(endpoints.logout),
    onSuccess: async ({ bootstrapData }) => {
      closeAllDialogs();
      // Navigate first: the router commits in a transition, and a guarded page must not see
      // the logged-out state before it is left (it would redirect over this navigation).
      await navigate('/login');
      startTransition(() => {
        queryClient.clear();
        useBootstrapStore.getState().replace(bootstrapData);
      });
    },
  });
}
