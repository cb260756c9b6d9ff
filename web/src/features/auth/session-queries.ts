import { useMutation } from '@tanstack/react-query';
import { startTransition } from 'react';
import { useNavigate } from 'react-router';
import { LOGOUT_IN_APPEARANCE_EDITOR, type BootstrapData, type LoginInput } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { useBootstrapStore } from '../../lib/bootstrap.ts';
import { queryClient } from '../../lib/query-client.ts';
import { closeAllDialogs } from '../../ui/dialog/dialog-store.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { showErrorToast } from '../../ui/toast/error-toast.ts';
import { useTrans } from '../../lib/translator.ts';
import { isAppearancePreview } from '../../entities/appearance/preview.ts';

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
  const trans = useTrans();
  return useMutation({
    mutationFn: async () => {
      // Spec 1 §4: the editor's preview keeps the admin signed in.
      if (isAppearancePreview()) throw new Error(LOGOUT_IN_APPEARANCE_EDITOR);
      return api(endpoints.logout);
    },
    onError: (error) =>
      error instanceof Error && error.message === LOGOUT_IN_APPEARANCE_EDITOR
        ? toast.danger(trans(LOGOUT_IN_APPEARANCE_EDITOR))
        : showErrorToast(error, trans),
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
