import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { trackLink, userLink } from '@backbeat/common';
import { commentsResource, type AdminComment } from '@backbeat/common/admin/content';
import { getAdminComment } from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { useTrans, useTransChoice } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { openDialog } from '../../ui/dialog/dialog-store.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { ResourceIndex } from './resources/resource-index.tsx';

/** `1:05` from milliseconds into the track. */
const at = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** A comment with its context: the track and where in it, the author, the replies. */
function CommentContextDialog({ id, close }: { id: number; close: () => void }) {
  const trans = useTrans();
  const query = useQuery({
    queryKey: ['admin', 'comments', 'one', id],
    queryFn: async () => (await api(getAdminComment, { id })).comment,
  });
  const comment = query.data;
  return (
    <Dialog title={trans('Comment')} size="md">
      {!comment ? (
        query.isError ? (
          <p role="alert">{trans('This comment is gone.')}</p>
        ) : (
          <Skeleton className="h-24 w-full" />
        )
      ) : (
        <div className="flex flex-col gap-3 text-sm">
          <p className="text-fg-muted">
            {comment.author ? (
              <Link className="font-medium text-fg hover:underline" to={userLink(comment.author)}>
                {comment.author.name}
              </Link>
            ) : (
              trans('Deleted user')
            )}{' '}
            {comment.track && (
              <>
                {trans('on')}{' '}
                <Link className="font-medium text-fg hover:underline" to={trackLink(comment.track)}>
                  {comment.track.name}
                </Link>
              </>
            )}
            {comment.position !== null && ` ${trans('at :time', { time: at(comment.position) })}`}
          </p>
          <blockquote className="rounded-lg bg-bg-alt p-3 whitespace-pre-wrap">
            {comment.body}
          </blockquote>
          {comment.replies.length > 0 && (
            <section aria-label={trans('Replies')}>
              <h3 className="mb-2 font-semibold">{trans('Replies')}</h3>
              <ul className="flex flex-col gap-2">
                {comment.replies.map((reply) => (
                  <li key={reply.id} className="rounded-lg border border-border p-2">
                    <span className="font-medium">
                      {reply.author?.name ?? trans('Deleted user')}
                    </span>
                    <p className="whitespace-pre-wrap">{reply.body}</p>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
      <div className="mt-6 flex justify-end">
        <Button variant="text" onClick={close} autoFocus>
          {trans('Close')}
        </Button>
      </div>
    </Dialog>
  );
}

/** Admin comments (spec 2 §2): moderation, with each comment's context a click away. */
export function CommentsIndexPage() {
  const trans = useTrans();
  const choice = useTransChoice();
  return (
    <ResourceIndex<AdminComment>
      resource={commentsResource}
      title={trans('Comments')}
      rowLabel={(comment) => comment.body.slice(0, 40)}
      rowActions={(comment) => (
        <Button
          variant="text"
          size="xs"
          aria-label={trans('Context of the comment by :name', {
            name: comment.author?.name ?? '',
          })}
          onClick={() =>
            void openDialog<void>((close) => (
              <CommentContextDialog id={comment.id} close={() => close()} />
            ))
          }
        >
          {trans('Context')}
        </Button>
      )}
      columns={[
        {
          key: 'body',
          header: trans('Comment'),
          cell: (c) => <span className="line-clamp-2 max-w-md">{c.body}</span>,
        },
        { key: 'author', header: trans('Author'), cell: (c) => c.author?.name ?? '' },
        {
          key: 'track',
          header: trans('Track'),
          wide: true,
          cell: (c) =>
            c.track ? `${c.track.name}${c.position !== null ? ` @ ${at(c.position)}` : ''}` : '',
        },
        {
          key: 'replies_count',
          header: trans('Replies'),
          wide: true,
          cell: (c) =>
            c.replies_count ? choice(':count reply|:count replies', c.replies_count) : '',
        },
        {
          key: 'created_at',
          header: trans('Posted'),
          wide: true,
          cell: (c) => new Date(c.created_at).toLocaleString(),
        },
      ]}
      filters={{
        reply: { label: trans('Kind'), options: { no: trans('Comments'), yes: trans('Replies') } },
      }}
      labels={{
        create: '',
        empty: trans('No comments match.'),
        search: trans('Search comments'),
        deleted: trans('Comments deleted'),
      }}
    />
  );
}
