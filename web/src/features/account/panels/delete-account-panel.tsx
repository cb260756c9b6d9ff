import { startTransition } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useBootstrapStore } from '../../../lib/bootstrap.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog/dialog.tsx';
import { openDialog } from '../../../ui/dialog/dialog-store.ts';
import { toast } from '../../../ui/toast/toast-store.ts';
import { withConfirmedPassword } from '../password-confirmation.tsx';
import { Panel } from '../panel.tsx';

export function DeleteAccountPanel({ user }: { user: User }) {
  const trans = useTrans();
  const navigate = useNavigate();

  const remove = async () => {
    const sure = await openDialog<boolean>((close) => (
      <Dialog title={trans('Delete account?')} size="sm">
        <p className="text-sm text-fg-muted">
          {trans(
            'Your account, its sessions and API tokens are deleted for good. This cannot be undone.',
          )}
        </p>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="text" onClick={() => close(false)}>
            {trans('Cancel')}
          </Button>
          <Button variant="danger" onClick={() => close(true)}>
            {trans('Delete')}
          </Button>
        </div>
      </Dialog>
    ));
    if (!sure) return;
    try {
      const response = await withConfirmedPassword(() =>
        api(endpoints.deleteAccount, { id: user.id, deleteCurrentUser: true }),
      );
      if (!response) return;
      // Leave the guarded page first, so its guard does not send the now-guest to /login.
      // The router commits navigations in a transition, so the bootstrap swap goes in one too.
      await navigate('/', { replace: true });
      startTransition(() => {
        queryClient.clear();
        useBootstrapStore.getState().replace(response.bootstrapData);
      });
      toast(trans('Account deleted'));
    } catch (error) {
      toast.danger(trans(errorMessage(error)));
    }
  };

  return (
    <Panel
      id="delete-account"
      title={trans('Danger zone')}
      description={trans('Delete your account and everything in it.')}
      danger
    >
      <Button variant="danger" onClick={() => void remove()}>
        {trans('Delete account')}
      </Button>
    </Panel>
  );
}
