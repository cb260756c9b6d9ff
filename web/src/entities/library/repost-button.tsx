import { useMutation, useQuery } from '@tanstack/react-query';
import * as endpoints from '@backbeat/common/contracts';
import type { RepostableType } from '@backbeat/common';
import { useBootstrap, useCurrentUser } from '../../lib/bootstrap.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { api } from '../../lib/api.ts';

const repostKeys = { ids: ['library', 'reposts', 'ids'] as const };

/** Reposts a track or album to the listener's profile, or takes it back. */
export function RepostButton({ type, id }: { type: RepostableType; id: number }) {
  const trans = useTrans();
  const user = useCurrentUser();
  // The player settings' "Allow reposts" (admin settings, player section).
  const allowed = useBootstrap((d) => d.settings.player.enable_repost);
  const query = useQuery({
    queryKey: repostKeys.ids,
    queryFn: async ({ signal }) => (await api(endpoints.getRepostedIds, {}, { signal })).reposts,
    enabled: !!user && allowed,
  });
  const reposted = query.data?.[type].includes(id) ?? false;
  const toggle = useMutation({
    mutationFn: (on: boolean) => api(on ? endpoints.repost : endpoints.unrepost, { type, id }),
    onSuccess: (_data, on) =>
      toast(on ? trans('Reposted to your profile') : trans('Repost removed')),
    onError: () => toast.danger(trans('There was an issue. Please try again.')),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: repostKeys.ids });
      if (user) void queryClient.invalidateQueries({ queryKey: ['users', user.id, 'reposts'] });
    },
  });
  if (!user || !allowed) return null;
  return (
    <Button
      variant="outline"
      size="lg"
      aria-pressed={reposted}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate(!reposted)}
    >
      <Icon name="repeat" size={20} className={reposted ? 'text-primary' : undefined} />
      {reposted ? trans('Reposted') : trans('Repost')}
    </Button>
  );
}
