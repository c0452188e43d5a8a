/** The part of s3rver (a fake S3 server, CommonJS without bundled types) the storage test uses. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; directory: string; configureBuckets?: { name: string; configs: string[] }[] });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
