import type { FollowableType } from '@backbeat/common';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { useIsFollowing, useToggleFollow } from './follow-queries.ts';

/** "Follow" / "Following" for artists and users; hidden from guests and on one's own profile. */
export function FollowButton({
  type,
  id,
  name,
}: {
  type: FollowableType;
  id: number;
  name: string;
}) {
  const trans = useTrans();
  const user = useCurrentUser();
  const following = useIsFollowing(type, id);
  const toggle = useToggleFollow();
  if (!user || (type === 'users' && user.id === id)) return null;
  return (
    <Button
      variant={following ? 'outline' : 'primary'}
      size="lg"
      aria-pressed={following}
      aria-label={following ? trans('Unfollow :name', { name }) : trans('Follow :name', { name })}
      data-testid="follow-button"
      onClick={() => toggle.mutate({ type, id, follow: !following })}
    >
      <Icon name={following ? 'check' : 'personAdd'} size={20} />
      {following ? trans('Following') : trans('Follow')}
    </Button>
  );
}
