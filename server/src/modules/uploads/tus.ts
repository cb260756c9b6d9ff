import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import type { FileStore } from '@tus/file-store';
import type { Server } from '@tus/server';
import type { DataStore, Upload } from '@tus/utils';
import { TUS_UPLOAD_EXPIRY_MS, TUS_UPLOAD_PATH } from '@backbeat/common';
import type * as IORedis from 'ioredis';
import type { Config } from '../../config.ts';
import { lazyRequire } from '../../lib/lazy-require.ts';
import { useDirectPatch } from './direct-patch.ts';
import { createRedisLocker } from './redis-locker.ts';
import { tusFileStorePackage, tusS3StorePackage, tusServerPackage } from './tus-packages.ts';
import { s3ClientConfig } from '../../storage/s3.ts';
import type { Storage } from '../../storage/storage.ts';

/**
 * Who is creating an upload, noted by the route on the raw request (never a header a client
 * could send), so the tus server's creation hook can record the uploader.
 */
export const uploaderOf = new WeakMap<IncomingMessage, number>();

/** @tus/server hands hooks a web Request made from the Node one, which it keeps. */
const nodeRequestOf = (req: unknown) =>
  (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
export const TUS_ID = /^[a-f0-9]{32}$/;

/** tus ids are ours: 32 hex characters, never a client's name. */
export const newTusId = () => randomBytes(16).toString('hex');

export interface TusUploads {
  /** Made on first use, with the packages under it (tus-packages.ts). */
  readonly server: Server;
  /** The storage key the bytes of upload `id` live under. */
  keyOf(id: string): string;
  /** The upload if it exists and `userId` started it; null otherwise (callers answer 404). */
  uploadOf(id: string, userId: number): Promise<Upload | null>;
  close(): Promise<void>;
  /** Drops the protocol's record of an upload whose bytes became an entry or were refused. */
  forget(id: string): Promise<void>;
}

/**
 * tus 1.0.0 resumable uploads (@tus/server): to local disk under `files/tus/`, or into the
 * bucket when the storage is S3. Incomplete uploads expire after 24 h (a scheduled prune).
 */
export function createTusUploads(
  config: Config,
  deps: { storage: Storage; maxSize: () => Promise<number | null> },
): TusUploads {
  // Several instances share upload locks through Redis; one instance keeps them in memory.
  const redis = config.redisUrl
    ? new (lazyRequire<typeof IORedis>('ioredis')().Redis)(config.redisUrl, {
        maxRetriesPerRequest: 2,
        connectTimeout: 2000,
      })
    : null;
  redis?.on('error', () => {});
  const locker = redis ? createRedisLocker(redis) : null;
  const onS3 = config.storage.driver === 's3';
  const tusDirectory = join(config.storagePath, 'files', 'tus');

  const build = () => {
    const fileStore = onS3
      ? null
      : new (tusFileStorePackage().FileStore)({
          directory: tusDirectory,
          expirationPeriodInMilliseconds: TUS_UPLOAD_EXPIRY_MS,
        });
    const datastore: DataStore =
      config.storage.driver === 's3'
        ? new (tusS3StorePackage().S3Store)({
            s3ClientConfig: { ...s3ClientConfig(config.storage), bucket: config.storage.bucket },
            expirationPeriodInMilliseconds: TUS_UPLOAD_EXPIRY_MS,
          })
        : fileStore!;

    const server = new (tusServerPackage().Server)({
      path: TUS_UPLOAD_PATH,
      datastore,
      relativeLocation: true,
      namingFunction: () => newTusId(),
      ...(locker ? { locker } : {}),
      // Ids come from the path only; a `_method` query (the override tunnel) is ignored.
      getFileIdFromRequest: (req) => {
        const id = new URL(req.url).pathname.split('/').pop() ?? '';
        return TUS_ID.test(id) ? id : undefined;
      },
      maxSize: async () => (await deps.maxSize()) ?? 0,
      onUploadCreate: async (req, upload) => {
        const node = nodeRequestOf(req);
        const userId = node && uploaderOf.get(node);
        if (!userId) throw { status_code: 403, body: 'Uploads need a signed-in uploader.' };
        return { metadata: { ...upload.metadata, userId: String(userId) } };
      },
    });

    // On local disk PATCH bodies go straight from the request into the upload's file (the
    // file store's layout: ids are TUS_ID, checked by getFileIdFromRequest).
    if (fileStore) useDirectPatch(server, (id) => join(tusDirectory, id));
    return { server, datastore, fileStore };
  };
  let built: { server: Server; datastore: DataStore; fileStore: FileStore | null } | undefined;
  const tus = () => (built ??= build());

  const keyOf = (id: string) => (onS3 ? id : `tus/${id}`);
  return {
    get server() {
      return tus().server;
    },
    keyOf,
    async uploadOf(id, userId) {
      if (!TUS_ID.test(id)) return null;
      const { datastore } = tus();
      try {
        const upload = await datastore.getUpload(id);
        return upload.metadata?.userId === String(userId) ? upload : null;
      } catch {
        return null;
      }
    },
    async close() {
      await locker?.close();
      await redis?.quit().catch(() => {});
    },
    async forget(id) {
      const { fileStore } = tus();
      if (fileStore) await fileStore.configstore.delete(id);
      else await deps.storage.delete(`${id}.info`).catch(() => {});
    },
  };
}
