import { useState } from 'react';
import { SOCIAL_SERVICES, type SocialService, type User } from '@backbeat/common';
import { useBootstrap } from '../../../lib/bootstrap.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import {
  SOCIAL_LABELS,
  connectSocialAccount,
  disconnectSocialAccount,
} from '../../../entities/session/social-login.tsx';
import { Panel } from '../panel.tsx';

export function SocialLoginPanel({ user }: { user: User }) {
  const trans = useTrans();
  const social = useBootstrap((d) => d.settings.social);
  const [busy, setBusy] = useState<SocialService | null>(null);

  const toggle = async (service: SocialService, connected: boolean) => {
    setBusy(service);
    try {
      if (connected) {
        await disconnectSocialAccount(service);
        toast(trans('Disabled :service account', { service: SOCIAL_LABELS[service] }));
      } else {
        const { connected, error } = await connectSocialAccount(service);
        if (error) toast.danger(trans(error));
        else if (connected)
          toast(trans('Enabled :service account', { service: SOCIAL_LABELS[service] }));
      }
    } catch (error) {
      toast.danger(trans((error as Error).message));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Panel
      id="social-login"
      title={trans('Social login')}
      description={trans('Log in with these accounts as well as your password.')}
    >
      <ul className="divide-y divide-border">
        {SOCIAL_SERVICES.filter((service) => social[service].enable).map((service) => {
          const profile = user.social_profiles.find((p) => p.service_name === service);
          return (
            <li key={service} className="flex items-center justify-between gap-4 py-3">
              <div>
                <p className="text-sm font-medium text-fg">{SOCIAL_LABELS[service]}</p>
                <p className="text-xs text-fg-muted">
                  {profile
                    ? trans('Connected as :name', { name: profile.username ?? '' })
                    : trans('Not connected')}
                </p>
              </div>
              <Button
                size="sm"
                variant={profile ? 'outline' : 'primary'}
                disabled={busy !== null}
                onClick={() => void toggle(service, !!profile)}
              >
                {profile ? trans('Disconnect') : trans('Connect')}
              </Button>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
