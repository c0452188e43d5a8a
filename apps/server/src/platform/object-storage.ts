/**
 * Where uploaded documents live: on the server's disk under DATA_DIR ('LOCAL'),
 * or in an S3-compatible bucket ('S3': AWS S3, MinIO, Ceph, Wasabi …) when S3_ENDPOINT and
 * S3_BUCKET are set, so several servers share the documents and the disk holds none. Each stored
 * object's row records which one it went to, so a portal switched to S3 still serves the documents
 * it kept on disk before.
 *
 * S3 requests are signed with AWS Signature V4 by aws4fetch (path-style addressing
 * `<endpoint>/<bucket>/<key>`, which every S3-compatible server takes) and ask the bucket to
 * encrypt the object at rest (`x-amz-server-side-encryption: AES256`). Keys never come from the
 * user: the caller builds them from ids and random UUIDs.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import { AwsClient } from 'aws4fetch';
import { ERROR_CODES } from '@paydesk/domain';
import type { ServerConfig } from '../config.ts';
import { AppError } from './errors.ts';
import { serverLog } from './server-log.ts';

export type StorageKind = 'LOCAL' | 'S3';

export interface ObjectStorage {
  kind: StorageKind;
  /** Stores `content` under `key` (whole or not at all). Throws on a storage failure. */
  put(key: string, content: Buffer, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. Throws on a storage failure. */
  get(key: string): Promise<Buffer | null>;
}

/** The S3-compatible bucket of S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY. */
export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Disk storage under `dataDir`: written to a temporary name and renamed, so no reader sees half a file. */
export function diskStorage(dataDir: string): ObjectStorage {
  const pathOf = (key: string) => {
    const path = normalize(join(dataDir, key));
    if (!path.startsWith(`${normalize(dataDir)}/`)) throw new Error(`storage key outside the data folder: ${key}`);
    return path;
  };
  return {
    kind: 'LOCAL',
    async put(key, content) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.tmp`;
      await writeFile(tmp, content);
      await rename(tmp, path);
    },
    async get(key) {
      return readFile(pathOf(key)).catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return null;
        throw e;
      });
    },
  };
}

/**
 * A bucket that refuses or cannot be reached answers the caller 503 SRV503 (try again later);
 * what the bucket said (`detail`, of request `op` on `key`) goes to the server log as a warning
 * (server-log.ts), never to the caller.
 */
function unavailable(op: 'PUT' | 'GET', key: string, detail: string): AppError {
  serverLog.warn({ component: 'object-storage', op, key, detail }, `object storage: ${op} ${key} failed`);
  return new AppError(503, ERROR_CODES.UNAVAILABLE, 'Document storage is unavailable; try again later');
}

/** S3-compatible storage (see the file comment); its failures are `unavailable`. */
export function s3Storage(c: S3Config): ObjectStorage {
  const aws = new AwsClient({ accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey, region: c.region, service: 's3' });
  const url = (key: string) => `${c.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(c.bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`;
  return {
    kind: 'S3',
    async put(key, content, contentType) {
      const res = await aws
        .fetch(url(key), { method: 'PUT', body: new Uint8Array(content), headers: { 'content-type': contentType, 'x-amz-server-side-encryption': 'AES256' } })
        .catch((e: Error) => {
          throw unavailable('PUT', key, e.message);
        });
      if (!res.ok) throw unavailable('PUT', key, `HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
    },
    async get(key) {
      const res = await aws.fetch(url(key), { method: 'GET' }).catch((e: Error) => {
        throw unavailable('GET', key, e.message);
      });
      if (res.status === 404) return null;
      if (!res.ok) throw unavailable('GET', key, `HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
      return Buffer.from(await res.arrayBuffer());
    },
  };
}

const made = new WeakMap<ServerConfig, Map<StorageKind, ObjectStorage>>();

/**
 * The storage of `kind` for this server: 'LOCAL' always exists; 'S3' needs the S3 settings
 * (throws when they are not configured, e.g. a row stored in S3 read by a server without them).
 */
export function storageOf(config: ServerConfig, kind: StorageKind): ObjectStorage {
  let byKind = made.get(config);
  if (!byKind) made.set(config, (byKind = new Map()));
  let s = byKind.get(kind);
  if (!s) {
    if (kind === 'S3' && !config.s3) throw new Error('this object is stored in S3, and S3_ENDPOINT / S3_BUCKET are not configured');
    s = kind === 'S3' ? s3Storage(config.s3!) : diskStorage(config.dataDir);
    byKind.set(kind, s);
  }
  return s;
}

/** Where new objects go: S3 when configured, the disk otherwise. */
export const writeStorageOf = (config: ServerConfig): ObjectStorage => storageOf(config, config.s3 ? 'S3' : 'LOCAL');
