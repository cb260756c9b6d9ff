import { useId, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import {
  PROFILE_DESCRIPTION_MAX,
  PROFILE_HEADER_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_LINKS_MAX,
  PROFILE_LINK_TITLE_MAX,
  PROFILE_LINK_URL_MAX,
  updateProfileSchema,
  type PublicUser,
} from '@backbeat/common';
import { errorMessage, fieldErrors } from '../../../lib/api-error.ts';
import { applyServerErrors, fieldError, useSchemaForm } from '../../../lib/forms.ts';
import { trans as translate, useTrans } from '../../../lib/translator.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog/dialog.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { TextArea, TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { setCurrentUser } from '../queries.ts';
import { ImagePicker, untouchedImage, type PendingImage } from './image-picker.tsx';
import { ProfileBannerFallback } from './profile-banner.tsx';
import { profileApi, rememberProfile } from './queries.ts';

/** The server's word on a refused file (422 on `file`), else the general message. */
const fileError = (error: unknown) => translate(fieldErrors(error).file ?? errorMessage(error));

/**
 * Sends one chosen picture (or its removal) with progress. Returns false when it failed; the
 * error then shows under that picture and the dialog stays open.
 */
async function savePicture(
  pending: PendingImage,
  set: (value: PendingImage) => void,
  actions: {
    upload: (file: File, onProgress: (f: number) => void) => Promise<void>;
    remove: () => Promise<void>;
  },
): Promise<boolean> {
  if (!pending.file && !pending.removed) return true;
  try {
    if (pending.file) {
      set({ ...pending, progress: 0, error: null });
      await actions.upload(pending.file, (progress) => set({ ...pending, progress, error: null }));
    } else {
      await actions.remove();
    }
    set(untouchedImage);
    return true;
  } catch (error) {
    set({ ...pending, progress: null, error: fileError(error) });
    return false;
  }
}

/** The owner edits what their profile shows: pictures, description and links. */
export function EditProfileDialog({
  user,
  close,
}: {
  user: PublicUser;
  close: (saved?: PublicUser) => void;
}) {
  const trans = useTrans();
  const form = useSchemaForm(updateProfileSchema, {
    description: user.description ?? '',
    links: user.links,
  });
  const links = useFieldArray({ control: form.control, name: 'links' });
  const [avatar, setAvatar] = useState<PendingImage>(untouchedImage);
  const [header, setHeader] = useState<PendingImage>(untouchedImage);
  const [saving, setSaving] = useState(false);
  const formId = useId();
  const linkErrors = form.formState.errors.links;
  const descriptionError = fieldError(form, 'description');

  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      let saved: PublicUser;
      try {
        saved = await profileApi.update(values);
      } catch (error) {
        applyServerErrors(form, error);
        return;
      }
      const avatarSaved = await savePicture(avatar, setAvatar, {
        upload: async (file, onProgress) => {
          const account = await profileApi.uploadAvatar(user.id, file, onProgress);
          setCurrentUser(account);
          saved = { ...saved, image: account.image };
        },
        remove: async () => {
          const account = await profileApi.removeAvatar(user.id);
          setCurrentUser(account);
          saved = { ...saved, image: null };
        },
      });
      const headerSaved = await savePicture(header, setHeader, {
        upload: async (file, onProgress) => {
          saved = await profileApi.uploadHeaderImage(file, onProgress);
        },
        remove: async () => {
          saved = await profileApi.removeHeaderImage();
        },
      });
      rememberProfile(saved);
      if (!avatarSaved || !headerSaved) return;
      toast(trans('Profile saved'));
      close(saved);
    } finally {
      setSaving(false);
    }
  });

  const linkError = (index: number, field: 'title' | 'url') => {
    const message = linkErrors?.[index]?.[field]?.message;
    return message ? trans(message) : undefined;
  };
  const listError = linkErrors?.message ?? linkErrors?.root?.message;

  return (
    <Dialog
      title={trans('Edit profile')}
      size="lg"
      footer={
        <>
          <Button variant="text" onClick={() => close()}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={saving}>
            {saving ? trans('Saving…') : trans('Save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="flex flex-col gap-6" noValidate>
        <ImagePicker
          label={trans('Header image')}
          shape="banner"
          current={user.header_image}
          maxBytes={PROFILE_HEADER_IMAGE_MAX_BYTES}
          value={header}
          onChange={setHeader}
          fallback={<ProfileBannerFallback />}
        />
        <ImagePicker
          label={trans('Profile image')}
          shape="round"
          current={user.image}
          maxBytes={PROFILE_IMAGE_MAX_BYTES}
          value={avatar}
          onChange={setAvatar}
          fallback={<Avatar name={user.name} id={user.id} size={96} />}
        />
        <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
          {trans('Description')}
          <TextArea
            {...form.register('description')}
            maxLength={PROFILE_DESCRIPTION_MAX}
            placeholder={trans('Tell listeners about yourself')}
            aria-invalid={descriptionError ? true : undefined}
          />
          {descriptionError && (
            <span role="alert" className="text-xs text-danger">
              {descriptionError}
            </span>
          )}
        </label>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium text-fg">{trans('Links')}</legend>
          {links.fields.map((field, index) => (
            <fieldset
              key={field.id}
              className="flex items-start gap-2 border-b border-border pb-3 last-of-type:border-0 sm:border-0 sm:pb-0"
            >
              <legend className="sr-only">{trans('Link :number', { number: index + 1 })}</legend>
              <div className="grid min-w-0 flex-1 gap-2 sm:grid-cols-[2fr_3fr]">
                <TextField
                  {...form.register(`links.${index}.title`)}
                  label={trans('Title')}
                  maxLength={PROFILE_LINK_TITLE_MAX}
                  error={linkError(index, 'title')}
                />
                <TextField
                  {...form.register(`links.${index}.url`)}
                  label={trans('Address')}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  maxLength={PROFILE_LINK_URL_MAX}
                  error={linkError(index, 'url')}
                />
              </div>
              <IconButton
                label={trans('Remove link :number', { number: index + 1 })}
                className="mt-7"
                onClick={() => links.remove(index)}
              >
                <Icon name="delete" size={20} />
              </IconButton>
            </fieldset>
          ))}
          {listError && (
            <p role="alert" className="text-xs text-danger">
              {trans(listError)}
            </p>
          )}
          {links.fields.length < PROFILE_LINKS_MAX && (
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => links.append({ title: '', url: '' })}
            >
              <Icon name="add" size={18} />
              {trans('Add link')}
            </Button>
          )}
        </fieldset>
      </form>
    </Dialog>
  );
}
