import type { FileEntry, User } from '@backbeat/common';
import type { CatalogWriterCore } from '../catalog-writes/writer.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { MusicPolicy } from './policy.ts';
import type { BackstageMusicRepository } from './music-repository.ts';

/** What the backstage music services use of other modules (narrow ports, DESIGN §9). */
export interface MusicDeps {
  /** Backstage's reads of the catalog (the editors' views). */
  repository: BackstageMusicRepository;
  /** Every write of the catalog's rows, their listing and search entries (issue 37). */
  writer: CatalogWriterCore;
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
  followerIds: (artistId: number) => Promise<number[]>;
  notifications: Pick<NotificationsService, 'notify'>;
  /** Drops cached public answers after a change. */
  afterChange: () => void;
}
