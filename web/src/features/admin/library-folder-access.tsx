import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { libraryFolderAccessInputSchema, type LibraryFolder } from '@backbeat/common';
import { listAdminUsers, setLibraryFolderAccess } from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { applyServerErrors, fieldError, useSchemaForm } from '../../ui/forms.ts';
import { ChipsPicker } from '../../ui/chips-picker.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { RolePicker } from './users/role-picker.tsx';

interface Person {
  id: number;
  name: string;
}

/** Who sees a folder's music, in one line (shown on its card). */
export function AccessSummary({ folder }: { folder: LibraryFolder }) {
  const trans = useTrans();
  if (folder.access === 'everyone') return <>{trans('Everyone sees its music')}</>;
  const names = [...folder.users, ...folder.roles].map((grantee) => grantee.name);
  return (
    <>
      {names.length
        ? trans('Only :names see its music', { names: names.join(', ') })
        : trans('Only music admins see its music')}
    </>
  );
}

/**
 * The folder's access editor (issue 18): everyone (the site catalog), or chosen users, found
 * by search, and roles. Music admins always see every folder.
 */
export function FolderAccessForm({
  folder,
  onDone,
  saved,
}: {
  folder: LibraryFolder;
  onDone: () => void;
  saved: (folder: LibraryFolder) => Promise<unknown>;
}) {
  const trans = useTrans();
  const [people, setPeople] = useState<Person[]>(folder.users);
  const form = useSchemaForm(libraryFolderAccessInputSchema, {
    access: folder.access,
    user_ids: folder.users.map((user) => user.id),
    role_ids: folder.roles.map((role) => role.id),
  });
  const access = form.watch('access');
  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await api(setLibraryFolderAccess, { id: folder.id, ...values });
      await saved(answer.folder);
      toast(trans('Who sees “:name” was saved', { name: folder.name }));
      onDone();
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  const choices = [
    ['everyone', trans('Everyone (the site catalog)')],
    ['chosen', trans('Only chosen users and roles')],
  ] as const;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={trans('Who sees “:name”', { name: folder.name })}
      className="mt-3 flex flex-col gap-4 rounded-lg bg-bg-elevated p-4"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{trans('Who sees this music')}</legend>
        {choices.map(([value, label]) => (
          <label key={value} className="inline-flex items-center gap-2 text-sm">
            <input
              type="radio"
              value={value}
              className="size-4 accent-[rgb(var(--be-primary))]"
              {...form.register('access')}
            />
            {label}
          </label>
        ))}
        {fieldError(form, 'access') && (
          <p role="alert" className="text-xs text-danger">
            {fieldError(form, 'access')}
          </p>
        )}
      </fieldset>
      {access === 'chosen' && (
        <>
          <Controller
            control={form.control}
            name="user_ids"
            render={({ field }) => (
              <UserPicker
                value={(field.value ?? []).flatMap((id) => {
                  const person = people.find((p) => p.id === id);
                  return person ? [person] : [];
                })}
                onChange={(chosen) => {
                  setPeople((known) => [
                    ...known,
                    ...chosen.filter((p) => !known.some((k) => k.id === p.id)),
                  ]);
                  field.onChange(chosen.map((person) => person.id));
                }}
                error={fieldError(form, 'user_ids')}
              />
            )}
          />
          <Controller
            control={form.control}
            name="role_ids"
            render={({ field }) => (
              <RolePicker
                value={field.value ?? []}
                onChange={field.onChange}
                error={fieldError(form, 'role_ids')}
              />
            )}
          />
          <p className="text-xs text-fg-muted">
            {trans('Admins who manage music always see every folder.')}
          </p>
        </>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {trans('Save access')}
        </Button>
        <Button type="button" variant="text" onClick={onDone}>
          {trans('Cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The admin users search, as the picker asks it (nothing for empty text). */
function useUserSearch(text: string) {
  return useQuery({
    queryKey: ['admin', 'users', 'search', text],
    queryFn: async () =>
      (await api(listAdminUsers, { query: text, perPage: 8 })).pagination.data.map(
        (user): Person => ({ id: user.id, name: user.name || user.email }),
      ),
    enabled: text.length > 0,
  });
}

/** Chosen users as removable chips, and a search that adds more. */
function UserPicker(props: {
  value: Person[];
  onChange: (people: Person[]) => void;
  error?: string;
}) {
  const trans = useTrans();
  return (
    <ChipsPicker
      {...props}
      label={trans('Users')}
      useSearch={useUserSearch}
      searchLabel={trans('Find a user')}
      chosenLabel={trans('Chosen users')}
      matchesLabel={trans('Matching users')}
      noMatches={trans('No users match.')}
    />
  );
}

/** The card's access line with its editor behind a button. */
export function FolderAccess({ folder }: { folder: LibraryFolder }) {
  const trans = useTrans();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  return (
    <div className="mt-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span data-testid="library-folder-access">
          <AccessSummary folder={folder} />
        </span>
        {!editing && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            {trans('Change access')}
          </Button>
        )}
      </div>
      {editing && (
        <FolderAccessForm
          folder={folder}
          onDone={() => setEditing(false)}
          saved={() => client.invalidateQueries({ queryKey: ['admin', 'library-folders'] })}
        />
      )}
    </div>
  );
}
