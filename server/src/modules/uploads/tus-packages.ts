import type * as TusFileStore from '@tus/file-store';
import type * as TusS3Store from '@tus/s3-store';
import type * as TusServer from '@tus/server';
import type * as TusUtils from '@tus/utils';
import { lazyRequire } from '../../lib/lazy-require.ts';

// The tus packages load on the first upload request (or the expired-upload prune), not at
// start: imported at start they were about 150 ms of the CPU from spawn to the first
// authenticated answer (issue 22). They are ES modules, which require() loads on the Node
// versions the engines field allows (20.19+, 22.12+).
export const tusServerPackage = lazyRequire<typeof TusServer>('@tus/server');
export const tusFileStorePackage = lazyRequire<typeof TusFileStore>('@tus/file-store');
/** The S3 store (and the AWS SDK under it) loads only when files live in S3. */
export const tusS3StorePackage = lazyRequire<typeof TusS3Store>('@tus/s3-store');
export const tusUtilsPackage = lazyRequire<typeof TusUtils>('@tus/utils');
