import { useState } from 'react';
import { COPIED_LABEL_MS, createAccessTokenSchema } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { applyServerErrors, fieldError, useSchemaForm } from '../../lib/forms.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';

/** Spec §4: a form, then the plain token shown once with a copy button ("Copied!" for 1 s). */
export function AccessTokenDialog({ close }: { close(): void }) {
  const trans = useTrans();
  const form = useSchemaForm(createAccessTokenSchema, { tokenName: '' });
  const [plain, setPlain] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    try {
      const response = await api(endpoints.createAccessToken, values);
      setPlain(response.plainTextToken);
      toast(trans('Token create'));
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  const copy = async () => {
    await navigator.clipboard.writeText(plain ?? '');
    setCopied(true);
    setTimeout(() => setCopied(false), COPIED_LABEL_MS);
  };

  return (
    <Dialog title={trans('Create token')} size="sm">
      {plain ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-fg-muted">
            {trans("Copy your new token now. It won't be shown again.")}
          </p>
          <code
            data-testid="plain-token"
            className="rounded-lg bg-bg-alt p-3 font-mono text-sm break-all text-fg"
          >
            {plain}
          </code>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => void copy()}>
              {copied ? trans('Copied!') : trans('Copy')}
            </Button>
            <Button onClick={close}>{trans('Done')}</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <TextField
            {...form.register('tokenName')}
            label={trans('Token name')}
            error={fieldError(form, 'tokenName')}
            autoFocus
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {trans('Create')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
