import { useRef, useState, type ChangeEvent } from 'react';
import { PROFILE_IMAGE_MAX_BYTES, updateAccountSchema, type User } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { errorMessage, fieldErrors } from '../../../lib/api-error.ts';
import { applyServerErrors, fieldError, useSchemaForm } from '../../../lib/forms.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { Panel } from '../panel.tsx';
import { setCurrentUser } from '../queries.ts';

function AvatarEditor({ user }: { user: User }) {
  const trans = useTrans();
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<{ user: User }>, success: string) => {
    setBusy(true);
    try {
      setCurrentUser((await action()).user);
      toast(trans(success));
      setUrl('');
    } catch (error) {
      const errors = fieldErrors(error);
      toast.danger(trans(errors.file ?? errors.url ?? errorMessage(error)));
    } finally {
      setBusy(false);
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Spec §5: image/* only, at most 2 MB; a file error shows as a toast.
    if (!file.type.startsWith('image/') || file.size > PROFILE_IMAGE_MAX_BYTES) {
      toast.danger(trans('Please select an image.'));
      return;
    }
    const body = new FormData();
    body.append('file', file);
    void run(() => api(endpoints.uploadAvatar, { id: user.id }, { body }), 'Uploaded avatar');
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar name={user.name} image={user.image} id={user.id} size={88} />
      <div className="flex flex-1 flex-col gap-3">
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept="image/*"
            className="sr-only"
            aria-label={trans('Upload image')}
            onChange={onFile}
          />
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            {trans('Upload image')}
          </Button>
          {user.image && (
            <Button
              size="sm"
              variant="text"
              disabled={busy}
              onClick={() =>
                void run(() => api(endpoints.removeAvatar, { id: user.id }), 'Removed avatar')
              }
            >
              {trans('Remove image')}
            </Button>
          )}
        </div>
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (url)
              void run(
                () => api(endpoints.uploadAvatar, { id: user.id }, { body: { url } }),
                'Uploaded avatar',
              );
          }}
        >
          <input
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder={trans('Or paste an image address')}
            aria-label={trans('Image address')}
            className="h-[36px] min-w-0 flex-1 rounded-lg border border-border bg-bg-elevated px-3 text-sm text-fg"
          />
          <Button type="submit" size="sm" variant="outline" disabled={busy || !url}>
            {trans('Use address')}
          </Button>
        </form>
      </div>
    </div>
  );
}

export function AccountDetailsPanel({ user }: { user: User }) {
  const trans = useTrans();
  const form = useSchemaForm(updateAccountSchema, {
    name: user.name,
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const response = await api(endpoints.updateUser, {
        id: user.id,
        name: values.name,
        first_name: values.first_name,
        last_name: values.last_name,
      });
      setCurrentUser(response.user);
      toast(trans('Updated account details'));
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  return (
    <Panel
      id="account-details"
      title={trans('Account details')}
      description={trans('Your name and profile image.')}
    >
      <AvatarEditor user={user} />
      <form className="mt-6 grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
        <TextField
          {...form.register('name')}
          label={trans('Display name')}
          error={fieldError(form, 'name')}
          className="sm:col-span-2"
        />
        <TextField
          {...form.register('first_name')}
          label={trans('First name')}
          error={fieldError(form, 'first_name')}
        />
        <TextField
          {...form.register('last_name')}
          label={trans('Last name')}
          error={fieldError(form, 'last_name')}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {trans('Save')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
