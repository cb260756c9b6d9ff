import { Link } from 'react-router';
import type { BackstageTrack } from '@backbeat/common';
import { errorMessage } from '../../../lib/api-error.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button, buttonClass } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { usePublishAlbum, usePublishTrack } from '../queries.ts';

interface Group {
  album: BackstageTrack['album'];
  tracks: BackstageTrack[];
}

function groupByAlbum(drafts: BackstageTrack[]): Group[] {
  const groups = new Map<number, Group>();
  const singles: Group = { album: null, tracks: [] };
  for (const track of drafts) {
    if (!track.album) {
      singles.tracks.push(track);
      continue;
    }
    const group = groups.get(track.album.id) ?? { album: track.album, tracks: [] };
    group.tracks.push(track);
    groups.set(track.album.id, group);
  }
  for (const group of groups.values())
    group.tracks.sort((a, b) => (a.number ?? 0) - (b.number ?? 0));
  return [...groups.values(), ...(singles.tracks.length ? [singles] : [])];
}

/** The drafts of an upload, by album, with what their tags filled in; publish one or all. */
export function DraftReview({
  drafts,
  onChange,
}: {
  drafts: BackstageTrack[];
  onChange: (drafts: BackstageTrack[]) => void;
}) {
  const trans = useTrans();
  const publishTrack = usePublishTrack();
  const publishAlbum = usePublishAlbum();
  const replace = (updated: BackstageTrack[]) =>
    onChange(drafts.map((d) => updated.find((u) => u.id === d.id) ?? d));

  const publishGroup = async (group: Group) => {
    try {
      if (group.album) {
        const { album } = await publishAlbum.mutateAsync(group.album.id);
        replace(album.tracks);
        toast(trans('":name" is published', { name: album.name }));
      } else {
        for (const track of group.tracks)
          replace([(await publishTrack.mutateAsync(track.id)).track]);
        toast(trans('Published'));
      }
    } catch (failure) {
      toast.danger(trans(errorMessage(failure)));
    }
  };

  const publishOne = async (track: BackstageTrack) => {
    try {
      replace([(await publishTrack.mutateAsync(track.id)).track]);
      toast(trans('":name" is published', { name: track.name }));
    } catch (failure) {
      toast.danger(trans(errorMessage(failure)));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      {groupByAlbum(drafts).map((group) => (
        <section
          key={group.album?.id ?? 'singles'}
          aria-label={
            group.album ? trans('Album :name', { name: group.album.name }) : trans('Singles')
          }
          className="rounded-2xl border border-border"
        >
          <header className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-3">
            <h3 className="flex-1 font-semibold">{group.album?.name ?? trans('Singles')}</h3>
            {group.album && (
              <Link
                to={`/backstage/albums/${group.album.id}/edit`}
                className={buttonClass('text', 'xs')}
              >
                {trans('Edit album')}
              </Link>
            )}
            <Button
              size="sm"
              disabled={group.tracks.every((t) => t.status === 'published')}
              onClick={() => void publishGroup(group)}
            >
              {group.album ? trans('Publish album') : trans('Publish tracks')}
            </Button>
          </header>
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-fg-muted">
              <tr>
                <th className="px-4 py-2 font-medium">#</th>
                <th className="px-4 py-2 font-medium">{trans('Title')}</th>
                <th className="hidden px-4 py-2 font-medium sm:table-cell">{trans('Artists')}</th>
                <th className="hidden px-4 py-2 font-medium md:table-cell">{trans('Genres')}</th>
                <th className="px-4 py-2 font-medium">{trans('Status')}</th>
                <th className="px-4 py-2">
                  <span className="sr-only">{trans('Actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {group.tracks.map((track) => (
                <tr key={track.id} className="border-t border-border">
                  <td className="px-4 py-2 tabular-nums">{track.number ?? '–'}</td>
                  <td className="px-4 py-2 font-medium">{track.name}</td>
                  <td className="hidden px-4 py-2 sm:table-cell">
                    {track.artists.map((a) => a.name).join(', ')}
                  </td>
                  <td className="hidden px-4 py-2 md:table-cell">{track.genres.join(', ')}</td>
                  <td className="px-4 py-2">
                    {track.status === 'published' ? trans('Published') : trans('Draft')}
                  </td>
                  <td className="flex justify-end gap-1 px-4 py-2">
                    {track.status === 'draft' && track.has_audio && (
                      <Button
                        variant="text"
                        size="xs"
                        aria-label={trans('Publish :name', { name: track.name })}
                        onClick={() => void publishOne(track)}
                      >
                        {trans('Publish')}
                      </Button>
                    )}
                    <Link
                      to={`/backstage/tracks/${track.id}/edit`}
                      className={buttonClass('text', 'xs')}
                      aria-label={trans('Edit :name', { name: track.name })}
                    >
                      {trans('Edit')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
