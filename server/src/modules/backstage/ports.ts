import type { FileEntry, User } from '@backbeat/common';
import type { NotificationsService } from '../notifications/service.ts';
import type { SearchDocument, SearchKind } from '../search/repository.ts';
import type { MusicPolicy } from './policy.ts';
import type { BackstageMusicRepository } from './music-repository.ts';

/** What the backstage music services use of other modules (narrow ports, DESIGN §9). */
export interface MusicDeps {
  repository: BackstageMusicRepository;
  policy: MusicPolicy;
  /** A file entry the user may use (their own; any for admins), or null. */
  fileEntry: (user: User, id: number) => Promise<FileEntry | null>;
  /** Tags of an audio entry the pipeline has not described yet. */
  readTags: (entry: FileEntry) => Promise<{
    tags: NonNullable<NonNullable<FileEntry['media']>['tags']>;
    durationMs: number | null;
  } | null>;
  /** Deletes file entries and their bytes for good (the owner's decision was the delete). */
  purgeFiles: (ids: number[]) => Promise<void>;
  /** Of these file entries, those the media pipeline found not to decode as audio. */
  failedAudio: (fileEntryIds: number[]) => Promise<Set<number>>;
  forgetLikes: (type: 'tracks' | 'albums', ids: number[]) => Promise<void>;
  forgetReposts: (type: 'tracks' | 'albums', ids: number[]) => Promise<void>;
  forgetComments: (trackIds: number[]) => Promise<void>;
  search: {
    upsert: (documents: SearchDocument[]) => Promise<void>;
    remove: (kind: SearchKind, ids: number[]) => Promise<void>;
  };
  followerIds: (artistId: number) => Promise<number[]>;
  notifications: Pick<NotificationsService, 'notify'>;
  /** Drops cached public answers after a change. */
  afterChange: () => void;
  /** Recomputes these albums' gains (album levelling) after their tracks changed. */
  albumGains: (albumIds: (number | null)[]) => Promise<void>;
}
