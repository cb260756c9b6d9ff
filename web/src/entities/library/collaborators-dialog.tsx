import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { search } from '@backbeat/common/contracts';
import type { PlaylistDetails, UserSummary } from '@backbeat/common';
import { fieldErrors } from '../../lib/api-error.ts';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { openDialog } from '../../ui/dialog/dialog-store.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { Checkbox, TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { ConfirmDialog } from '../workspaces/workspace-form-dialog.tsx';
import { usePlaylistQuery } from '../catalog/queries.ts';
import { inviteEditor, removeEditor, updatePlaylist } from './playlist-queries.ts';
import { showErrorToast } from '../../ui/toast/error-toast.ts';
import { api } from '../../lib/api.ts';

const SEARCH_DEBOUNCE_MS = 250;

/** People whose name starts with what was typed, through the public user search. */
function useUserSearch(text: string) {
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return useQuery({
    queryKey: ['users', 'search', term],
    queryFn: ({ signal }) => api(search, { query: term, types: 'users', perPage: 8 }, { signal }),
    select: (data) => data.results.users,
    enabled: term.length > 0,
  });
}

/**
 * Makes a playlist collaborative, invites people to edit its tracks (picked by name through
 * the user search; they are notified) and removes them. For whoever may update the playlist.
 */
export function CollaboratorsDialog({
  playlist: initial,
}: {
  playlist: PlaylistDetails;
  close: () => void;
}) {
  const trans = useTrans();
  const me = useCurrentUser();
  // The live playlist, so the list follows each change.
  const playlist = usePlaylistQuery(initial.id).data?.playlist ?? initial;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // The box shows the choice at once, while it is being saved.
  const [switching, setSwitching] = useState<boolean | null>(null);
  const collaborative = switching ?? playlist.is_collaborative;
  const search = useUserSearch(text);
  const excluded = new Set([playlist.owner?.id, me?.id, ...playlist.editors.map((e) => e.id)]);
  const candidates = (search.data ?? []).filter((user) => !excluded.has(user.id));

  /** Runs a change and toasts `done` (translated) or the error. */
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      setError(undefined);
      toast(done);
    } catch (failure) {
      const field = fieldErrors(failure).user_id;
      if (field) setError(trans(field));
      else showErrorToast(failure, trans);
    } finally {
      setBusy(false);
    }
  };

  const setCollaborative = async (on: boolean) => {
    setSwitching(on);
    try {
      await switchCollaboration(on);
    } finally {
      setSwitching(null);
    }
  };
  const switchCollaboration = async (on: boolean) => {
    if (!on && playlist.editors.length) {
      const confirmed = await openDialog<boolean>((close) => (
        <ConfirmDialog
          title={trans('Stop collaborating?')}
          body={trans('Everyone you invited will lose access to edit ":name".', {
            name: playlist.name,
          })}
          confirm={trans('Stop collaborating')}
          close={close}
        />
      ));
      if (!confirmed) return;
    }
    await run(
      () => updatePlaylist(playlist.id, { is_collaborative: on }),
      on
        ? trans('The playlist is now collaborative')
        : trans('The playlist is no longer collaborative'),
    );
  };

  const invite = (user: UserSummary) =>
    run(
      async () => {
        await inviteEditor(playlist.id, user.id);
        setText('');
      },
      trans('Invited :name', { name: user.name }),
    );

  return (
    <Dialog title={trans('Collaborators')} size="sm">
      <div className="flex flex-col gap-5">
        <Checkbox
          label={trans('Collaborative: people you invite can add, remove and reorder tracks')}
          checked={collaborative}
          disabled={busy || switching !== null}
          onChange={(e) => void setCollaborative(e.target.checked)}
        />
        {collaborative && playlist.is_collaborative && (
          <>
            <div className="flex flex-col gap-2">
              <TextField
                label={trans('Invite people')}
                placeholder={trans('Search by name')}
                value={text}
                onChange={(e) => setText(e.target.value)}
                error={error}
                autoComplete="off"
              />
              {search.isFetching && <Spinner size={20} className="mx-auto" />}
              {text.trim() && search.isSuccess && !candidates.length && (
                <p className="text-sm text-fg-muted">{trans('No one found with this name')}</p>
              )}
              {candidates.length > 0 && (
                <ul aria-label={trans('People found')} className="flex flex-col">
                  {candidates.map((user) => (
                    <li key={user.id} className="flex items-center gap-3 py-1.5">
                      <Avatar name={user.name} image={user.image} id={user.id} size={32} />
                      <span className="min-w-0 flex-1 truncate text-sm">{user.name}</span>
                      <Button
                        size="xs"
                        variant="outline"
                        disabled={busy}
                        aria-label={trans('Invite :name', { name: user.name })}
                        onClick={() => void invite(user)}
                      >
                        {trans('Invite')}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <section aria-labelledby="playlist-editors-title">
              <h3 id="playlist-editors-title" className="mb-2 text-sm font-semibold text-fg">
                {trans('Editors (:count)', { count: playlist.editors.length })}
              </h3>
              {!playlist.editors.length && (
                <p className="text-sm text-fg-muted">
                  {trans('No one yet. Invite people to add tracks with you.')}
                </p>
              )}
              <ul data-testid="playlist-editors" className="divide-y divide-border">
                {playlist.editors.map((editor) => (
                  <li key={editor.id} className="flex items-center gap-3 py-2">
                    <Avatar name={editor.name} image={editor.image} id={editor.id} size={32} />
                    <span className="min-w-0 flex-1 truncate text-sm">{editor.name}</span>
                    <Button
                      size="xs"
                      variant="outline"
                      disabled={busy}
                      aria-label={trans('Remove :name', { name: editor.name })}
                      onClick={() =>
                        void run(
                          () => removeEditor(playlist.id, editor.id),
                          trans('Removed :name', { name: editor.name }),
                        )
                      }
                    >
                      {trans('Remove')}
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          </>
        )}
      </div>
    </Dialog>
  );
}
