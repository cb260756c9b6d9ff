/** s3rver ships no types; these are the parts the tests use. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
      allowMismatchedSignatures?: boolean;
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
