import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatRelativeTime } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { openDialog } from '../../../ui/dialog/dialog-store.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { AccessTokenDialog } from '../access-token-dialog.tsx';
import { ensurePasswordConfirmed } from '../password-confirmation.tsx';
import { Panel } from '../panel.tsx';
import { accountKeys, type AccessToken } from '../queries.ts';

export function DevelopersPanel() {
  const trans = useTrans();
  const queryClient = useQueryClient();
  const tokens = useQuery({
    queryKey: accountKeys.tokens,
    queryFn: () => api(endpoints.listAccessTokens),
  });

  const create = async () => {
    if (!(await ensurePasswordConfirmed())) return;
    await openDialog((close) => <AccessTokenDialog close={close} />);
    await queryClient.invalidateQueries({ queryKey: accountKeys.tokens });
  };
  const remove = async (token: AccessToken) => {
    try {
      await api(endpoints.deleteAccessToken, { id: token.id });
      toast(trans('Token deleted'));
      await queryClient.invalidateQueries({ queryKey: accountKeys.tokens });
    } catch (error) {
      toast.danger(trans(errorMessage(error)));
    }
  };

  return (
    <Panel
      id="developers"
      title={trans('Developers')}
      description={trans('API tokens let scripts and apps use the API as you.')}
    >
      {tokens.isPending && <Spinner size={24} />}
      {tokens.data && tokens.data.tokens.length === 0 && (
        <p className="text-sm text-fg-muted">{trans('You have no API tokens yet.')}</p>
      )}
      {tokens.data && tokens.data.tokens.length > 0 && (
        <ul data-testid="tokens-list" className="divide-y divide-border">
          {tokens.data.tokens.map((token) => (
            <li key={token.id} className="flex items-center justify-between gap-4 py-3">
              <div>
                <p className="text-sm font-medium text-fg">{token.name}</p>
                <p className="text-xs text-fg-muted">
                  {token.last_used_at
                    ? trans('Last used :time', {
                        time: formatRelativeTime(token.last_used_at, { translate: trans }),
                      })
                    : trans('Never used')}
                </p>
              </div>
              <Button size="sm" variant="outline" onClick={() => void remove(token)}>
                {trans('Delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button
        className="mt-4"
        onClick={() => void create().catch((e) => toast.danger(trans(errorMessage(e))))}
      >
        {trans('Create token')}
      </Button>
    </Panel>
  );
}
