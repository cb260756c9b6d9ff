import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  COMMENT_MAX,
  formatDuration,
  formatRelativeTime,
  hasPermission,
  slugify,
  type TrackComment,
} from '@backbeat/common';
import { errorMessage, fieldErrors } from '../../../lib/api-error.ts';
import { useCurrentUser } from '../../../lib/bootstrap.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { Checkbox } from '../../../ui/text-field.tsx';
import { deleteComment, postComment, useTrackComments } from '../comment-queries.ts';
import { showErrorToast } from '../../../ui/toast/error-toast.ts';

/** Write a comment (optionally at the playing position) or a reply. */
function CommentForm({
  trackId,
  parentId,
  positionMs,
  onDone,
}: {
  trackId: number;
  parentId?: number;
  /** Where the track is playing now, offered as the comment's moment. */
  positionMs?: number | null;
  onDone?: () => void;
}) {
  const trans = useTrans();
  const [body, setBody] = useState('');
  const [timed, setTimed] = useState(positionMs !== null && positionMs !== undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = parentId ? trans('Write a reply') : trans('Write a comment');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return setError(trans('Write a comment.'));
    setBusy(true);
    try {
      await postComment(trackId, {
        body,
        parent_id: parentId ?? null,
        position: !parentId && timed && positionMs != null ? Math.round(positionMs) : null,
      });
      setBody('');
      setError(null);
      onDone?.();
    } catch (failure) {
      const fields = fieldErrors(failure);
      setError(trans(fields.body ?? errorMessage(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2" noValidate>
      <div className="flex gap-2">
        <input
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-label={label}
          placeholder={label}
          maxLength={COMMENT_MAX}
          aria-invalid={error ? true : undefined}
          className="h-10 min-w-0 flex-1 rounded-full border border-border bg-bg px-4 text-sm outline-none focus-visible:ring-2 focus-visible:ring-primary/60"
        />
        <Button type="submit" disabled={busy}>
          {parentId ? trans('Reply') : trans('Post')}
        </Button>
      </div>
      {!parentId && positionMs != null && (
        <Checkbox
          checked={timed}
          onChange={(e) => setTimed(e.target.checked)}
          label={trans('At :time', { time: formatDuration(positionMs) })}
        />
      )}
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </form>
  );
}

function CommentItem({
  comment,
  trackId,
  onSeek,
  canReply,
}: {
  comment: TrackComment;
  trackId: number;
  onSeek: (seconds: number) => void;
  canReply: boolean;
}) {
  const trans = useTrans();
  const user = useCurrentUser();
  const [replying, setReplying] = useState(false);
  const canDelete =
    !!user &&
    (user.id === comment.user.id || hasPermission({ user, guestPermissions: [] }, 'admin'));
  const remove = () =>
    deleteComment(trackId, comment.id).catch((error: unknown) => showErrorToast(error, trans));
  return (
    <li className="flex gap-3" data-testid="comment">
      <Avatar name={comment.user.name} image={comment.user.image} id={comment.user.id} size={36} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-fg-muted">
          <Link
            to={`/user/${comment.user.id}/${slugify(comment.user.name) || 'user'}`}
            className="font-semibold text-fg hover:underline"
          >
            {comment.user.name}
          </Link>
          {comment.position !== null && (
            <button
              type="button"
              onClick={() => onSeek(comment.position! / 1000)}
              className="rounded text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
            >
              {trans('at :time', { time: formatDuration(comment.position) })}
            </button>
          )}
          <span>{formatRelativeTime(comment.created_at, { translate: trans })}</span>
        </p>
        <p className="text-sm break-words whitespace-pre-line text-fg">{comment.body}</p>
        <div className="flex gap-2">
          {canReply && user && (
            <Button variant="text" size="sm" onClick={() => setReplying((v) => !v)}>
              {trans('Reply')}
            </Button>
          )}
          {canDelete && (
            <Button
              variant="text"
              size="sm"
              aria-label={trans('Delete comment')}
              onClick={() => void remove()}
            >
              <Icon name="delete" size={16} />
            </Button>
          )}
        </div>
        {replying && (
          <CommentForm trackId={trackId} parentId={comment.id} onDone={() => setReplying(false)} />
        )}
        {comment.replies.length > 0 && (
          <ul aria-label={trans('Replies')} className="mt-3 flex flex-col gap-3">
            {comment.replies.map((reply) => (
              <CommentItem
                key={reply.id}
                comment={reply}
                trackId={trackId}
                onSeek={onSeek}
                canReply={false}
              />
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/** The comments of a track page; absent when the site turned comments off. */
export function TrackComments({
  trackId,
  positionMs,
  onSeek,
}: {
  trackId: number;
  positionMs: number | null;
  onSeek: (seconds: number) => void;
}) {
  const trans = useTrans();
  const user = useCurrentUser();
  const query = useTrackComments(trackId);
  if (query.isPending) return <Spinner className="mx-auto my-6" size={24} />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {trans('There was an issue loading the comments')}
      </p>
    );
  if (!query.data.enabled) return null;
  const { comments } = query.data;
  return (
    <section aria-labelledby="comments-heading" className="flex max-w-3xl flex-col gap-4">
      <h2 id="comments-heading" className="text-xl font-bold">
        {trans('Comments')}
      </h2>
      {user ? (
        <CommentForm
          key={positionMs === null ? 'untimed' : 'timed'}
          trackId={trackId}
          positionMs={positionMs}
        />
      ) : (
        <p className="text-sm text-fg-muted">
          <Link to="/login" className="text-primary hover:underline">
            {trans('Log in to comment')}
          </Link>
        </p>
      )}
      {comments.length ? (
        <ul aria-label={trans('Comments')} className="flex flex-col gap-5">
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              trackId={trackId}
              onSeek={onSeek}
              canReply
            />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-fg-muted">{trans('No comments yet. Be the first.')}</p>
      )}
    </section>
  );
}
