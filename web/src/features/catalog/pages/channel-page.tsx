import { useEffect } from 'react';
import { useParams } from 'react-router';
import type { Channel } from '@backbeat/common';
import { useBootstrap } from '../../../lib/bootstrap.ts';
import { useTrans } from '../../../lib/translator.ts';
import { ChannelSection } from '../components/channel-content.tsx';
import { MediaHeader } from '../../../entities/catalog/media-header.tsx';
import { ChannelSkeleton, EmptyState, QueryError } from '../../../entities/errors/page-states.tsx';
import { useChannelQuery } from '../../../entities/catalog/queries.ts';
import { setPageTitle } from '../../../lib/document-title.ts';
import { RecentlyPlayed } from '../components/recently-played.tsx';

export const HOME_CHANNEL = 'discover';

function greeting(hour: number): string {
  if (hour < 5) return 'Good night';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

function ChannelBody({ channel, isHome }: { channel: Channel; isHome: boolean }) {
  const trans = useTrans();
  // The page's heading already names the channel: its one section goes untitled.
  if (channel.content.type !== 'channels') return <ChannelSection channel={channel} untitled />;
  if (!channel.content.data.length) {
    return (
      <EmptyState
        icon="album"
        title={trans('Nothing to play yet')}
        text={trans(
          'New releases, popular tracks and artists will show up here once the catalog has music.',
        )}
      />
    );
  }
  return (
    <div className="flex flex-col gap-10">
      {isHome && <RecentlyPlayed />}
      {channel.content.data.map((child) => (
        <ChannelSection key={child.id} channel={child} />
      ))}
    </div>
  );
}

/**
 * Home (`/`) and every channel page (`channel/{slugOrId}[/{restriction}]`): titled sections
 * of tracks, albums, artists, playlists or genres.
 */
export function ChannelPage({ slugOrId }: { slugOrId?: string }) {
  const trans = useTrans();
  const params = useParams();
  const slug = slugOrId ?? params.slugOrId ?? HOME_CHANNEL;
  const restriction = params.restriction;
  const query = useChannelQuery(slug, restriction);
  const user = useBootstrap((d) => d.user);
  const isHome = slug === HOME_CHANNEL;
  const channel = query.data?.channel;

  useEffect(() => {
    if (channel && !isHome) setPageTitle(channel.name);
  }, [channel, isHome]);

  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  return (
    <div className="pb-10">
      {channel?.restriction ? (
        <MediaHeader
          image={channel.restriction.image}
          eyebrow={trans('Genre')}
          title={channel.restriction.display_name}
          fallbackIcon="music"
        />
      ) : isHome ? (
        <div className="px-4 pt-6 md:px-8 md:pt-8">
          <h1 className="text-2xl font-extrabold tracking-tight md:text-3xl">
            {user
              ? trans(':greeting, :name', {
                  greeting: trans(greeting(new Date().getHours())),
                  name: user.name,
                })
              : trans(greeting(new Date().getHours()))}
          </h1>
        </div>
      ) : (
        channel && (
          <h1 className="px-4 pt-6 text-3xl font-extrabold tracking-tight md:px-8 md:pt-8">
            {channel.name}
          </h1>
        )
      )}
      <div className="px-4 pt-6 md:px-8">
        {channel ? <ChannelBody channel={channel} isHome={isHome} /> : <ChannelSkeleton />}
      </div>
    </div>
  );
}

export function HomeChannelPage() {
  return <ChannelPage slugOrId={HOME_CHANNEL} />;
}
