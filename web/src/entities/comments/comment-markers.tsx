import { formatDuration } from '@backbeat/common';
import { useTrans } from '../../lib/translator.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { useTrackComments } from './comment-queries.ts';

/** Timed comments as small avatars along the waveform; each seeks to its moment. */
export function CommentMarkers({
  trackId,
  duration,
  onSeek,
}: {
  trackId: number;
  /** Milliseconds. */
  duration: number;
  onSeek: (seconds: number) => void;
}) {
  const trans = useTrans();
  const query = useTrackComments(trackId);
  if (!query.data?.enabled || !duration) return null;
  const timed = query.data.comments.filter((c) => c.position !== null);
  if (!timed.length) return null;
  return (
    <ul aria-label={trans('Comment markers')} className="relative h-6">
      {timed.map((comment) => (
        <li
          key={comment.id}
          data-testid="comment-marker"
          className="absolute top-0 -translate-x-1/2"
          style={{ left: `${Math.min(100, (comment.position! / duration) * 100)}%` }}
        >
          <button
            type="button"
            title={`${comment.user.name}: ${comment.body}`}
            aria-label={trans(':name at :time: :comment', {
              name: comment.user.name,
              time: formatDuration(comment.position!),
              comment: comment.body,
            })}
            onClick={() => onSeek(comment.position! / 1000)}
            className="block rounded-full ring-2 ring-bg focus-visible:outline-2 focus-visible:outline-primary"
          >
            <Avatar
              name={comment.user.name}
              image={comment.user.image}
              id={comment.user.id}
              size={20}
            />
          </button>
        </li>
      ))}
    </ul>
  );
}
