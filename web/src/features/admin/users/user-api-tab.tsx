import type { AdminUser } from '@backbeat/common/admin/people';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { openDialog } from '../../../ui/dialog/dialog-store.ts';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { showErrorToast } from '../../../ui/toast/error-toast.ts';
import { toast } from '../../../ui/toast/toast-store.ts';
import { ConfirmDialog } from '../../../entities/workspaces/workspace-form-dialog.tsx';
import { useUserAction, useUserTokens } from './queries.ts';

/** The api tab: the user's API tokens, each deletable (whatever uses it stops working). */
export function UserApiTab({ user }: { user: AdminUser }) {
  const trans = useTrans();
  const tokens = useUserTokens(user.id);
  const remove = useUserAction(user.id, (tokenId: number) =>
    api(endpoints.deleteAdminUserToken, { id: user.id, tokenId }),
  );
  if (tokens.isPending) return <Skeleton className="h-24 w-full" />;
  if (tokens.isError) return <p role="alert">{trans('The tokens could not be loaded.')}</p>;
  if (!tokens.data.length)
    return <p className="text-sm text-fg-muted">{trans('No API tokens.')}</p>;
  return (
    <ul className="flex max-w-2xl flex-col divide-y divide-border rounded-xl border border-border">
      {tokens.data.map((token) => (
        <li key={token.id} className="flex items-center gap-3 px-3 py-2 text-sm">
          <span className="flex-1">
            {token.name}
            <span className="block text-xs text-fg-muted">
              {token.last_used_at
                ? trans('Last used :date', { date: new Date(token.last_used_at).toLocaleString() })
                : trans('Never used')}
            </span>
          </span>
          <Button
            variant="text"
            size="xs"
            onClick={async () => {
              const confirmed = await openDialog<boolean>((close) => (
                <ConfirmDialog
                  title={trans('Delete token ":name"?', { name: token.name })}
                  body={trans('Anything that signs in with this token stops working.')}
                  confirm={trans('Delete')}
                  close={close}
                />
              ));
              if (!confirmed) return;
              try {
                await remove.mutateAsync(token.id);
                toast(trans('Token deleted'));
              } catch (error) {
                showErrorToast(error, trans);
              }
            }}
          >
            {trans('Delete')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
