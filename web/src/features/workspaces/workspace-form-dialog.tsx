import { workspaceSchema, type WorkspaceDetails } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { applyServerErrors, fieldError, useSchemaForm } from '../../lib/forms.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { refreshWorkspaces } from './queries.ts';

/** Creates a workspace, or renames one when `workspace` is given; closes with the result. */
export function WorkspaceFormDialog({
  workspace,
  close,
}: {
  workspace?: { id: number; name: string };
  close: (result?: WorkspaceDetails) => void;
}) {
  const trans = useTrans();
  const form = useSchemaForm(workspaceSchema, { name: workspace?.name ?? '' });

  const submit = form.handleSubmit(async (values) => {
    try {
      const response = workspace
        ? await api(endpoints.renameWorkspace, { workspaceId: workspace.id, ...values })
        : await api(endpoints.createWorkspace, values);
      await refreshWorkspaces();
      toast(trans(workspace ? 'Workspace renamed' : 'Workspace created'));
      close(response.workspace);
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <Dialog title={trans(workspace ? 'Rename workspace' : 'Create workspace')} size="sm">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <TextField
          {...form.register('name')}
          label={trans('Name')}
          error={fieldError(form, 'name')}
          maxLength={100}
          autoFocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="text" onClick={() => close()}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {trans(workspace ? 'Save' : 'Create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A yes/no question; resolves true when confirmed. */
export function ConfirmDialog({
  title,
  body,
  confirm,
  close,
}: {
  title: string;
  body: string;
  confirm: string;
  close: (result?: boolean) => void;
}) {
  const trans = useTrans();
  return (
    <Dialog title={title} size="sm">
      <p className="text-sm text-fg-muted">{body}</p>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="text" onClick={() => close(false)}>
          {trans('Cancel')}
        </Button>
        <Button variant="danger" onClick={() => close(true)}>
          {confirm}
        </Button>
      </div>
    </Dialog>
  );
}
