import { errorMessage } from '../../../lib/api-error.ts';
import { useTrans, useTransChoice } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog/dialog.tsx';
import { openDialog } from '../../../ui/dialog/dialog-store.ts';
import { toast } from '../../../ui/toast/toast-store.ts';
import { fetchDeleteImpact, useDeleteResources } from './queries.ts';
import type { ResourceContracts } from './types.ts';

type Impact = { what: string; count: number }[];

/** "Delete these?" naming the rows and what else goes with them (the server's impact). */
function ConfirmDeleteDialog({
  names,
  impact,
  close,
}: {
  names: string[];
  impact: Impact;
  close: (confirmed?: boolean) => void;
}) {
  const trans = useTrans();
  const choice = useTransChoice();
  return (
    <Dialog title={choice('Delete :count item|Delete :count items', names.length)} size="sm">
      <p className="text-sm text-fg-muted">
        {names.length === 1
          ? trans('":name" will be deleted for good.', { name: names[0]! })
          : trans('These will be deleted for good: :names.', { names: names.join(', ') })}
      </p>
      {impact.length > 0 && (
        <div role="alert" className="mt-4 rounded-lg bg-danger/10 p-3 text-sm">
          <p className="font-medium">{trans('This also deletes:')}</p>
          <ul className="mt-1 list-disc pl-5">
            {impact.map((item) => (
              <li key={item.what}>{choice(item.what, item.count)}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="text" onClick={() => close(false)} autoFocus>
          {trans('Cancel')}
        </Button>
        <Button variant="danger" onClick={() => close(true)}>
          {trans('Delete')}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * Every destructive action of the admin area asks first and says what else goes (issue 12):
 * asks the server for the impact, confirms, deletes, and toasts the outcome (the server's
 * message, e.g. the last-admin rule, when it refuses). Answers whether the rows went.
 */
export function useConfirmDelete(resource: ResourceContracts, deletedMessage: string) {
  const trans = useTrans();
  const remove = useDeleteResources(resource);
  return async (ids: number[], names: string[]): Promise<boolean> => {
    let impact: Impact;
    try {
      impact = await fetchDeleteImpact(resource, ids);
    } catch (error) {
      toast.danger(trans(errorMessage(error)));
      return false;
    }
    const confirmed = await openDialog<boolean>((close) => (
      <ConfirmDeleteDialog names={names} impact={impact} close={close} />
    ));
    if (!confirmed) return false;
    try {
      await remove.mutateAsync(ids);
      toast(deletedMessage);
      return true;
    } catch (error) {
      toast.danger(trans(errorMessage(error)));
      return false;
    }
  };
}
