import { useNavigate } from 'react-router';
import {
  SOCIAL_POPUP,
  SOCIAL_SERVICES,
  apiPath,
  type BootstrapData,
  type SocialService,
} from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useBootstrap, useBootstrapStore } from '../../lib/bootstrap.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useTrans } from '../../lib/translator.ts';
import { buttonClass } from '../../ui/button.tsx';
import { openDialog } from '../../ui/dialog/dialog-store.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { PasswordPromptDialog } from '../account/password-prompt-dialog.tsx';

export type SocialResult =
  | {
      type: 'social-auth';
      status: 'SUCCESS';
      callbackData: { bootstrapData?: BootstrapData; two_factor?: boolean };
    }
  | {
      type: 'social-auth';
      status: 'ALREADY_LOGGED_IN' | 'REQUEST_PASSWORD';
      callbackData?: { email?: string };
    }
  | { type: 'social-auth'; status: 'ERROR'; errorMessage?: string };

export const SOCIAL_LABELS: Record<SocialService, string> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  envato: 'Envato',
};

/**
 * Spec §4: a 650 x 550 popup, polled every second; it answers with a `social-auth` message
 * from our own origin. A closed popup resolves with nothing.
 */
export function openSocialPopup(
  service: SocialService,
  intent: 'login' | 'connect',
): Promise<SocialResult | undefined> {
  const { width, height, pollMs } = SOCIAL_POPUP;
  const left = window.screenX + Math.max(0, (window.outerWidth - width) / 2);
  const top = window.screenY + Math.max(0, (window.outerHeight - height) / 2);
  const popup = window.open(
    apiPath(`secure/auth/social/${service}/${intent}`),
    'social-auth',
    `width=${width},height=${height},left=${left},top=${top}`,
  );
  return new Promise((resolve) => {
    const finish = (result?: SocialResult) => {
      window.removeEventListener('message', onMessage);
      clearInterval(poll);
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if ((event.data as { type?: string } | null)?.type !== 'social-auth') return;
      finish(event.data as SocialResult);
    };
    window.addEventListener('message', onMessage);
    const poll = setInterval(() => {
      if (!popup || popup.closed) finish();
    }, pollMs);
  });
}

function applyBootstrap(data: BootstrapData) {
  queryClient.clear();
  useBootstrapStore.getState().replace(data);
}

/** Handles a popup result; `onTwoFactor` switches the login page to the code step. */
export function useSocialLogin(options: { onTwoFactor(): void; onLoggedIn(): void }) {
  const trans = useTrans();
  const navigate = useNavigate();
  return async (service: SocialService) => {
    const result = await openSocialPopup(service, 'login');
    if (!result) return;
    if (result.status === 'ERROR') {
      toast.danger(trans(result.errorMessage ?? 'An error occurred. Please try again later'));
    } else if (result.status === 'ALREADY_LOGGED_IN') {
      navigate('/');
    } else if (result.status === 'REQUEST_PASSWORD') {
      const response = await openDialog<{ bootstrapData?: BootstrapData; two_factor?: boolean }>(
        (close) => (
          <PasswordPromptDialog
            title={trans('Connect your :service account', { service: SOCIAL_LABELS[service] })}
            text={trans(
              'An account with :email already exists. Enter its password to connect it.',
              {
                email: result.callbackData?.email ?? '',
              },
            )}
            submitLabel={trans('Connect')}
            submit={(password) => api(endpoints.socialConnectWithPassword, { password })}
            close={close}
          />
        ),
      );
      if (response?.two_factor) options.onTwoFactor();
      else if (response?.bootstrapData) {
        applyBootstrap(response.bootstrapData);
        options.onLoggedIn();
      }
    } else if (result.status === 'SUCCESS') {
      if (result.callbackData.two_factor) options.onTwoFactor();
      else if (result.callbackData.bootstrapData) {
        applyBootstrap(result.callbackData.bootstrapData);
        options.onLoggedIn();
      }
    }
  };
}

export async function connectSocialAccount(
  service: SocialService,
): Promise<{ connected: boolean; error?: string }> {
  const result = await openSocialPopup(service, 'connect');
  if (result?.status === 'SUCCESS' && result.callbackData.bootstrapData) {
    useBootstrapStore.getState().replace(result.callbackData.bootstrapData);
    return { connected: true };
  }
  if (result?.status === 'ERROR')
    return {
      connected: false,
      error: result.errorMessage ?? 'An error occurred. Please try again later',
    };
  return { connected: false };
}

export async function disconnectSocialAccount(service: SocialService): Promise<string> {
  try {
    const { message } = await api(endpoints.socialDisconnect, { service });
    const { data, patch } = useBootstrapStore.getState();
    if (data.user) {
      patch({
        user: {
          ...data.user,
          social_profiles: data.user.social_profiles.filter((p) => p.service_name !== service),
        },
      });
    }
    return message;
  } catch (error) {
    throw new Error(errorMessage(error, 'service'), { cause: error });
  }
}

export function SocialLoginButtons({ onSelect }: { onSelect(service: SocialService): void }) {
  const trans = useTrans();
  const social = useBootstrap((d) => d.settings.social);
  const enabled = SOCIAL_SERVICES.filter((service) => social[service].enable);
  if (!enabled.length) return null;
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs text-fg-muted">
        <span className="h-px flex-1 bg-border" />
        {trans('or continue with')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <div
        className={
          social.compact_buttons ? 'mt-4 flex justify-center gap-2' : 'mt-4 flex flex-col gap-2'
        }
      >
        {enabled.map((service) => (
          <button
            key={service}
            type="button"
            className={buttonClass('outline', 'md', 'w-full')}
            onClick={() => onSelect(service)}
          >
            {trans('Continue with :service', { service: SOCIAL_LABELS[service] })}
          </button>
        ))}
      </div>
    </div>
  );
}
