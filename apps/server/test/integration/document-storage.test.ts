/**
 * KYC documents in S3-compatible storage, against a real S3 server over HTTP
 * (s3rver: it refuses an unknown access key; it does not check Signature V4 itself, which is
 * aws4fetch's, so the bytes are read back here through a client of our own):
 *  - with S3_ENDPOINT and S3_BUCKET set, an uploaded document goes to the bucket (signed, nothing
 *    under DATA_DIR/documents), its row says S3, and its download answers the same bytes;
 *  - a document stored on disk before the switch to S3 is still served from disk;
 *  - another tenant's document stays not found; a refused upload (an unknown access key) answers
 *    503 SRV503 (try again later) and leaves no row;
 *  - the S3 settings are refused at start-up when incomplete or malformed, naming what to set.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalClient } from '@paydesk/contract';
import { loadConfig } from '../../src/config.ts';
import { errorOf, startTestServer, type TestServer } from './harness.ts';

const PDF = (n: number) => Buffer.from(`%PDF-1.4\n% document ${n}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
const S3_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

describe('KYC documents in S3-compatible storage', () => {
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;
  let dataDir: string;
  let local: TestServer;
  let onS3: TestServer;
  let merchantId: number;
  let foreignId: number;

  const upload = (c: PortalClient, orgId: number, content: Buffer) => {
    const f = new FormData();
    f.append('DocType', 'SSM_CERTIFICATE');
    f.append('file', new Blob([new Uint8Array(content)], { type: 'application/pdf' }), 'ssm.pdf');
    return c.callPath<{ Id: number }>('POST', `/api/portal/Merchant/Profile/${orgId}/Document`, f);
  };
  const download = async (c: PortalClient, id: number) => {
    const res = await c.sendTo({ method: 'GET', encrypted: true }, `/api/portal/Merchant/Profile/Document/${id}`);
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

  beforeAll(async () => {
    s3Dir = await mkdtemp(join(tmpdir(), 'paydesk-s3-'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: 'kyc-documents', configs: [] }] });
    const addr = (await s3.run()) as AddressInfo;
    endpoint = `http://127.0.0.1:${addr.port}`;
    dataDir = await mkdtemp(join(tmpdir(), 'paydesk-docs-'));
    local = await startTestServer({ kind: 'pglite', transactions: 300, config: { dataDir } });
    onS3 = await startTestServer({ shareDatabaseWith: local, config: { dataDir, s3: { endpoint, bucket: 'kyc-documents', region: 'ap-southeast-1', ...S3_KEYS } } });
    const agency = await local.signIn('agency@paydesk.my');
    const me = await agency.call('profile');
    const [own] = await local.database.query<{ path: string }>(`SELECT path FROM organizations WHERE id = $1`, [me.Current.CompanyId]);
    const [m] = await local.database.query<{ id: number }>(`SELECT id FROM organizations WHERE level = 'MERCHANT_HQ' AND path LIKE $1 ORDER BY id LIMIT 1`, [`${own!.path}%`]);
    const [f] = await local.database.query<{ id: number }>(`SELECT id FROM organizations WHERE level = 'MERCHANT_HQ' AND path NOT LIKE $1 ORDER BY id LIMIT 1`, [`${own!.path}%`]);
    merchantId = Number(m!.id);
    foreignId = Number(f!.id);
  }, 300_000);
  afterAll(async () => {
    await onS3?.close();
    await local?.close();
    await s3?.close();
    await rm(s3Dir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores a new document in the bucket, serves it back, and still serves one kept on disk before the switch', async () => {
    const before = await upload(await local.signIn('agency@paydesk.my'), merchantId, PDF(1));
    const agency = await onS3.signIn('agency@paydesk.my');
    const doc = await upload(agency, merchantId, PDF(2));
    const rows = await onS3.database.query<{ id: number; storage: string; storage_key: string }>(`SELECT id, storage, storage_key FROM org_documents WHERE id = ANY($1::int[]) ORDER BY id`, [[before.Id, doc.Id]]);
    expect(rows.map((r) => r.storage)).toEqual(['LOCAL', 'S3']);
    // On disk: only the document stored before the switch.
    const onDisk = await readdir(join(dataDir, 'documents', String(merchantId)));
    expect(onDisk).toEqual([rows[0]!.storage_key.split('/').pop()]);
    // In the bucket, under its key, the same bytes.
    const direct = await new AwsClient({ ...S3_KEYS, region: 'ap-southeast-1', service: 's3' }).fetch(`${endpoint}/kyc-documents/${rows[1]!.storage_key}`);
    expect([direct.status, sha(Buffer.from(await direct.arrayBuffer()))]).toEqual([200, sha(PDF(2))]);
    const mine = await download(agency, doc.Id);
    expect([mine.status, sha(mine.bytes)]).toEqual([200, sha(PDF(2))]);
    const old = await download(agency, before.Id);
    expect([old.status, sha(old.bytes)]).toEqual([200, sha(PDF(1))]);
    // Another tenant's document: the same 404 as a missing one.
    const admin = await onS3.signIn('admin@paydesk.my');
    const foreign = await upload(admin, foreignId, PDF(3));
    expect((await download(agency, foreign.Id)).status).toBe(404);
    expect((await download(admin, foreign.Id)).status).toBe(200);
  }, 120_000);

  it('fails an upload the bucket refuses (an unknown access key) with 503 SRV503 and writes no row', async () => {
    const wrong = await startTestServer({ shareDatabaseWith: local, config: { dataDir, s3: { endpoint, bucket: 'kyc-documents', region: 'ap-southeast-1', accessKeyId: 'NOT-A-KEY', secretAccessKey: 'S3RVER' } } });
    try {
      const [{ n: before }] = (await wrong.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM org_documents`)) as [{ n: number }];
      const e = await errorOf(upload(await wrong.signIn('agency@paydesk.my'), merchantId, PDF(4)));
      expect([e.status, e.errorCode]).toEqual([503, 'SRV503']);
      const [{ n: after }] = (await wrong.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM org_documents`)) as [{ n: number }];
      expect(after).toBe(before);
    } finally {
      await wrong.close();
    }
  }, 120_000);

  it('refuses incomplete or malformed S3 settings at start-up, naming what to set', () => {
    const base = { S3_ENDPOINT: 'https://s3.example.my', S3_BUCKET: 'docs', S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK' };
    expect(loadConfig(base).s3).toEqual({ endpoint: 'https://s3.example.my', bucket: 'docs', region: 'us-east-1', accessKeyId: 'AK', secretAccessKey: 'SK' });
    expect(loadConfig({}).s3).toBeUndefined();
    for (const k of Object.keys(base) as (keyof typeof base)[]) {
      expect(() => loadConfig({ ...base, [k]: '' }), k).toThrow(k === 'S3_ENDPOINT' || k === 'S3_BUCKET' ? new RegExp(k) : new RegExp(k));
    }
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 's3.example.my' })).toThrow(/S3_ENDPOINT/);
  });
});
