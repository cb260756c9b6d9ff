import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatRelativeTime, type Share } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { copyText } from '../../../entities/catalog/share-dialog.tsx';
import { api } from '../../../lib/api.ts';
import { useTrans, useTransChoice } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { showErrorToast } from '../../../ui/toast/error-toast.ts';
import { toast } from '../../../ui/toast/toast-store.ts';
import { Panel } from '../panel.tsx';

const sharesKey = ['account', 'shares'] as const;

/**
 * The account's share links (issue 38): what each shares, its visits and expiry; a link can
 * be copied again or deleted, and a deleted link stops working at once.
 */
export function SharedLinksPanel() {
  const trans = useTrans();
  const transChoice = useTransChoice();
  const queryClient = useQueryClient();
  const shares = useQuery({ queryKey: sharesKey, queryFn: () => api(endpoints.listShares) });

  const nameOf = (share: Share) =>
    share.title ?? transChoice(':count track|:count tracks', share.track_count);
  const linkOf = (share: Share) => new URL(share.path, window.location.origin).toString();
  const remove = async (share: Share) => {
    try {
      await api(endpoints.deleteShare, { id: share.id });
      toast(trans('The link to ":name" no longer works', { name: nameOf(share) }));
      await queryClient.invalidateQueries({ queryKey: sharesKey });
    } catch (error) {
      showErrorToast(error, trans);
    }
  };
  const status = (share: Share) => {
    const expires = share.expires_at
      ? new Date(share.expires_at).getTime() <= Date.now()
        ? trans('Expired')
        : trans('Expires :time', {
            time: formatRelativeTime(share.expires_at, { translate: trans }),
          })
      : trans('Never expires');
    return `${transChoice(':count visit|:count visits', share.visit_count)} · ${expires}`;
  };

  return (
    <Panel
      id="shared-links"
      title={trans('Shared links')}
      description={trans(
        'Links you made with Share: anyone with one can listen to what it shares until it expires.',
      )}
    >
      {shares.isPending && <Spinner size={24} />}
      {shares.isError && (
        <p role="alert" className="text-sm text-danger">
          {trans('Could not load your shared links.')}
        </p>
      )}
      {shares.data && shares.data.shares.length === 0 && (
        <p className="text-sm text-fg-muted">{trans('You have not shared a link yet.')}</p>
      )}
      {shares.data && shares.data.shares.length > 0 && (
        <ul aria-label={trans('Shared links')} className="divide-y divide-border">
          {shares.data.shares.map((share) => (
            <li key={share.id} className="flex items-center justify-between gap-4 py-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-fg">{nameOf(share)}</p>
                {share.description && (
                  <p className="truncate text-xs text-fg-muted">{share.description}</p>
                )}
                <p className="text-xs text-fg-muted">{status(share)}</p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void copyText(linkOf(share), trans('Copied!'))}
                  aria-label={trans('Copy the link to :name', { name: nameOf(share) })}
                >
                  {trans('Copy link')}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void remove(share)}
                  aria-label={trans('Delete the link to :name', { name: nameOf(share) })}
                >
                  {trans('Delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
