import { hasPermission, PERMISSIONS, type User } from '@backbeat/common';
import { notFound } from '../../lib/domain-errors.ts';
import type { BackstageMusicRepository } from './music-repository.ts';
import type { BackstageRequestsRepository } from './requests-repository.ts';

export type MusicPolicy = ReturnType<typeof createMusicPolicy>;

/**
 * Who may edit what (issue 11 "Who may"): an artist's members edit the artist and its music,
 * a track's or album's uploader edits it, and holders of music.update (admins) edit
 * everything. Other modules ask through a narrow `Pick<MusicPolicy, ...>` port; a refusal is
 * not found, so nobody learns what exists.
 */
export function createMusicPolicy(deps: {
  members: Pick<BackstageRequestsRepository, 'isMember' | 'memberArtistIds'>;
  music: Pick<BackstageMusicRepository, 'artistIdsOf' | 'trackRows' | 'albumRows' | 'artistRows'>;
}) {
  const { members, music } = deps;
  const editsAll = (user: User) =>
    hasPermission({ user, guestPermissions: [] }, PERMISSIONS.musicUpdate);

  const policy = {
    editsAll,
    async canManageArtist(user: User, artistId: number): Promise<boolean> {
      if (!(await music.artistRows([artistId])).length) return false;
      return editsAll(user) || members.isMember(user.id, [artistId]);
    },
    async canManageTrack(user: User, trackId: number): Promise<boolean> {
      const [row] = await music.trackRows([trackId]);
      if (!row) return false;
      if (editsAll(user) || row.owner_id === user.id) return true;
      return members.isMember(user.id, await music.artistIdsOf('track_artists', trackId));
    },
    async canManageAlbum(user: User, albumId: number): Promise<boolean> {
      const [row] = await music.albumRows([albumId]);
      if (!row) return false;
      if (editsAll(user) || row.owner_id === user.id) return true;
      return members.isMember(user.id, await music.artistIdsOf('album_artists', albumId));
    },
    /** Of these artists, those the user may not act for (publish as): none for editors. */
    async artistsRefused(user: User, artistIds: readonly number[]): Promise<number[]> {
      if (editsAll(user)) return [];
      const mine = new Set(await members.memberArtistIds(user.id));
      return artistIds.filter((id) => !mine.has(id));
    },
    async assertArtist(user: User, artistId: number): Promise<void> {
      if (!(await policy.canManageArtist(user, artistId))) throw notFound();
    },
    async assertTrack(user: User, trackId: number): Promise<void> {
      if (!(await policy.canManageTrack(user, trackId))) throw notFound();
    },
    async assertAlbum(user: User, albumId: number): Promise<void> {
      if (!(await policy.canManageAlbum(user, albumId))) throw notFound();
    },
    /** The artists a user edits (admins: only those they are members of, for their lists). */
    memberArtistIds: (userId: number) => members.memberArtistIds(userId),
  };
  return policy;
}
