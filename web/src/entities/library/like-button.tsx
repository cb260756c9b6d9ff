import clsx from 'clsx';
import type { LikeableType } from '@backbeat/common';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { useIsLiked, useToggleLike } from './queries.ts';

interface LikeProps {
  type: LikeableType;
  id: number;
  /** The item's name, for the button's label. */
  name: string;
}

function useLike({ type, id }: LikeProps) {
  const liked = useIsLiked(type, id);
  const toggle = useToggleLike();
  return { liked, toggle: () => toggle.mutate({ type, id, like: !liked }) };
}

/** A heart that adds the item to the library or takes it out; guests do not see it. */
export function LikeButton({
  size = 20,
  className,
  ...props
}: LikeProps & { size?: number; className?: string }) {
  const trans = useTrans();
  const user = useCurrentUser();
  const { liked, toggle } = useLike(props);
  if (!user) return null;
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={
        liked
          ? trans('Remove :name from your library', { name: props.name })
          : trans('Add :name to your library', { name: props.name })
      }
      data-testid="like-button"
      onClick={toggle}
      className={clsx(
        'inline-flex shrink-0 items-center justify-center rounded-full transition-colors',
        'hover:bg-bg-hover focus-visible:outline-2 focus-visible:outline-primary',
        liked ? 'text-primary' : 'text-fg-muted hover:text-fg',
        className,
      )}
      style={{ width: size + 16, height: size + 16 }}
    >
      <Icon name={liked ? 'favorite' : 'favoriteBorder'} size={size} />
    </button>
  );
}

/** The large "Like" / "Liked" button of album and artist pages. */
export function LikePageButton(props: LikeProps) {
  const trans = useTrans();
  const user = useCurrentUser();
  const { liked, toggle } = useLike(props);
  if (!user) return null;
  return (
    <Button
      variant="outline"
      size="lg"
      aria-pressed={liked}
      data-testid="like-page-button"
      onClick={toggle}
    >
      <Icon
        name={liked ? 'favorite' : 'favoriteBorder'}
        size={20}
        className={liked ? 'text-primary' : undefined}
      />
      {liked ? trans('Liked') : trans('Like')}
    </Button>
  );
}
