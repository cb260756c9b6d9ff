import { join } from 'node:path';
import type { Config } from '../config.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import { createS3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

/** The storage the config names: local disk under `storage/files`, or an S3 bucket. */
export function createStorage(config: Config): Storage {
  return config.storage.driver === 's3'
    ? createS3Storage(config.storage)
    : createLocalDiskStorage(join(config.storagePath, 'files'));
}
