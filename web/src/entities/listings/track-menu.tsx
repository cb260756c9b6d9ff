import { useNavigate } from 'react-router';
import {
  albumLink,
  artistLink,
  radioLink,
  trackEmbedLink,
  trackLink,
  type Track,
} from '@backbeat/common';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { openDialog } from '../../ui/dialog/dialog-store.ts';
import { Menu, type MenuAnchor, type MenuEntry } from '../../ui/menu.tsx';
import { AddToPlaylistDialog } from '../library/add-to-playlist-dialog.tsx';
import { player } from '../player/player-store.ts';
import { absoluteUrl, copyText, ShareDialog } from '../catalog/share-dialog.tsx';

/**
 * The track row menu: play, play next, add to queue or to a playlist, radio, go to artist or
 * album, share.
 */
export function TrackMenu({
  track,
  anchor,
  onClose,
  onPlay,
  extraEntries = [],
}: {
  track: Track;
  anchor: MenuAnchor;
  onClose: () => void;
  onPlay: () => void;
  /** Entries of the list the row is in (a playlist's move and remove). */
  extraEntries?: MenuEntry[];
}) {
  const trans = useTrans();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const artist = track.artists[0];
  const entries: MenuEntry[] = [
    { id: 'play', label: trans('Play'), icon: 'play', onSelect: onPlay },
    {
      id: 'next',
      label: trans('Play next'),
      icon: 'queuePlayNext',
      onSelect: () => player.playNext([track]),
    },
    {
      id: 'queue',
      label: trans('Add to queue'),
      icon: 'playlistPlay',
      onSelect: () => player.addToQueue([track]),
    },
    {
      id: 'radio',
      label: trans('Start radio'),
      icon: 'radio',
      onSelect: () => void navigate(radioLink('track', track), { state: { autoplay: true } }),
    },
    ...(user
      ? [
          {
            id: 'add-to-playlist',
            label: trans('Add to playlist'),
            icon: 'add' as const,
            onSelect: () =>
              void openDialog((close) => <AddToPlaylistDialog tracks={[track]} close={close} />),
          },
        ]
      : []),
    ...(extraEntries.length ? [{ id: 's0', separator: true as const }, ...extraEntries] : []),
    { id: 's1', separator: true },
    ...(artist
      ? [
          {
            id: 'artist',
            label: trans('Go to artist'),
            icon: 'mic' as const,
            onSelect: () => void navigate(artistLink(artist)),
          },
        ]
      : []),
    ...(track.album
      ? [
          {
            id: 'album',
            label: trans('Go to album'),
            icon: 'album' as const,
            onSelect: () => void navigate(albumLink({ ...track.album!, artists: track.artists })),
          },
        ]
      : []),
    { id: 's2', separator: true },
    {
      id: 'copy',
      label: trans('Copy link'),
      icon: 'link',
      onSelect: () => void copyText(absoluteUrl(trackLink(track)), trans('Copied!')),
    },
    {
      id: 'share',
      label: trans('Share / embed'),
      icon: 'code',
      onSelect: () =>
        void openDialog(() => (
          <ShareDialog
            title={track.name}
            link={trackLink(track)}
            embedLink={trackEmbedLink(track)}
            embedHeight={180}
            shareItem={{ type: 'track', id: track.id }}
          />
        )),
    },
  ];
  return (
    <Menu
      anchor={anchor}
      entries={entries}
      label={trans('Actions for :name', { name: track.name })}
      onClose={onClose}
    />
  );
}
