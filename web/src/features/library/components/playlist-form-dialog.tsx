import {
  PLAYLIST_DESCRIPTION_MAX,
  PLAYLIST_NAME_MAX,
  createPlaylistSchema,
  type PlaylistDetails,
} from '@backbeat/common';
import { applyServerErrors, fieldError, useSchemaForm } from '../../../lib/forms.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog/dialog.tsx';
import { Checkbox, TextArea, TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { createPlaylist, updatePlaylist } from '../playlist-queries.ts';
import { PlaylistImageField } from './playlist-image-field.tsx';

/**
 * Creates a playlist, or edits its image, name, description and visibility when `playlist` is
 * given (the image is saved as soon as it is chosen).
 */
export function PlaylistFormDialog({
  playlist,
  close,
}: {
  playlist?: Pick<PlaylistDetails, 'id' | 'name' | 'description' | 'is_public' | 'image'>;
  close: (result?: PlaylistDetails) => void;
}) {
  const trans = useTrans();
  const form = useSchemaForm(createPlaylistSchema, {
    name: playlist?.name ?? '',
    description: playlist?.description ?? '',
    is_public: playlist?.is_public ?? false,
  });
  const descriptionError = fieldError(form, 'description');

  const submit = form.handleSubmit(async (values) => {
    const input = { ...values, description: values.description || null };
    try {
      const saved = playlist
        ? await updatePlaylist(playlist.id, input)
        : await createPlaylist(input);
      toast(trans(playlist ? 'Playlist saved' : 'Playlist created'));
      close(saved);
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <Dialog title={trans(playlist ? 'Edit playlist' : 'New playlist')} size="sm">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {playlist && <PlaylistImageField playlist={playlist} />}
        <TextField
          {...form.register('name')}
          label={trans('Name')}
          error={fieldError(form, 'name')}
          maxLength={PLAYLIST_NAME_MAX}
          autoFocus
        />
        <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
          {trans('Description')}
          <TextArea
            {...form.register('description')}
            rows={3}
            maxLength={PLAYLIST_DESCRIPTION_MAX}
            aria-invalid={descriptionError ? true : undefined}
          />
          {descriptionError && (
            <span role="alert" className="text-xs text-danger">
              {descriptionError}
            </span>
          )}
        </label>
        <Checkbox
          {...form.register('is_public')}
          label={trans('Public: anyone can find and play it')}
        />
        <div className="flex justify-end gap-2">
          <Button variant="text" onClick={() => close()}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {trans(playlist ? 'Save' : 'Create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
