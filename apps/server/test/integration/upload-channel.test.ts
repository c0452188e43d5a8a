/**
 * Multipart uploads are bound to the secure channel: a bulk upload must carry
 * X-Channel-Id, X-Timestamp, X-Nonce and X-Signature over METHOD, path, timestamp, nonce and the
 * hex SHA-256 of the exact body bytes (`sealUpload`). A stolen bearer token alone, a body other
 * than the signed one, a replay, another channel or an oversized body is refused and nothing is
 * written; the signed upload of PortalClient goes through (bulk-upload.test.ts covers it in depth).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalClient, sealUpload } from '@paydesk/contract';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';

const PATH = '/api/portal/Bank/BulkUpload';
const HEADER = 'BankName,BankCode,SwiftCode,Country,Channels,SortOrder';
const csv = (code: string) => `${HEADER}\r\nChannel bank ${code},${code},,MALAYSIA,B2C,1\r\n`;

/** The multipart bytes of a one-file form and the content type naming their boundary. */
async function multipart(text: string, filename = 'banks.csv'): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string }> {
  const form = new FormData();
  form.append('file', new Blob([text]), filename);
  const r = new Response(form);
  return { bytes: new Uint8Array(await r.arrayBuffer()), type: r.headers.get('content-type')! };
}

describe.each(DATABASES)('uploads bound to the secure channel on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;

  const post = (headers: Record<string, string>, body: Uint8Array<ArrayBuffer>) => fetch(`${s.url}${PATH}`, { method: 'POST', headers, body });
  const errorCode = async (res: Response) => ((await res.json()) as { ErrorCode: string }).ErrorCode;
  const banks = async (code: string) => (await s.database.query<{ n: number }>('SELECT count(*)::int AS n FROM banks WHERE bank_code = $1', [code]))[0]!.n;
  const bulkAudits = async () => (await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'BULK_UPLOAD'`))[0]!.n;

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 50 });
    admin = await s.signIn('admin@paydesk.my');
  });
  afterAll(async () => s.close());

  it('refuses an upload with a valid token but no channel signature (SEC404), and writes nothing', async () => {
    const { bytes, type } = await multipart(csv('CHN0001'));
    const auditsBefore = await bulkAudits();
    const res = await post({ authorization: `Bearer ${admin.token}`, 'content-type': type }, bytes);
    expect(res.status).toBe(401);
    expect(await errorCode(res)).toBe('SEC404');
    expect(await banks('CHN0001')).toBe(0);
    expect(await bulkAudits()).toBe(auditsBefore);
  });

  it('refuses a known channel without a signature (SEC401)', async () => {
    const { bytes, type } = await multipart(csv('CHN0002'));
    const res = await post({ authorization: `Bearer ${admin.token}`, 'content-type': type, 'X-Channel-Id': admin.keys!.channelId }, bytes);
    expect(res.status).toBe(401);
    expect(await errorCode(res)).toBe('SEC401');
    expect(await banks('CHN0002')).toBe(0);
  });

  it('refuses a body other than the one signed (SEC401), and writes nothing', async () => {
    const signed = await multipart(csv('CHN0003'));
    const sent = await multipart(csv('CHN0004'));
    const { headers } = await sealUpload(admin.keys!, 'POST', PATH, signed.bytes);
    const res = await post({ ...headers, authorization: `Bearer ${admin.token}`, 'content-type': sent.type }, sent.bytes);
    expect(res.status).toBe(401);
    expect(await errorCode(res)).toBe('SEC401');
    expect(await banks('CHN0003')).toBe(0);
    expect(await banks('CHN0004')).toBe(0);
  });

  it('applies a signed upload once and refuses its replay (SEC409)', async () => {
    const { bytes, type } = await multipart(csv('CHN0005'));
    const { headers } = await sealUpload(admin.keys!, 'POST', PATH, bytes);
    const request = { ...headers, authorization: `Bearer ${admin.token}`, 'content-type': type };
    const first = await post(request, bytes);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ Applied: 1, Created: 1, Updated: 0 });
    const auditsAfterFirst = await bulkAudits();
    const replay = await post(request, bytes);
    expect(replay.status).toBe(401);
    expect(await errorCode(replay)).toBe('SEC409');
    expect(await banks('CHN0005')).toBe(1);
    expect(await bulkAudits()).toBe(auditsAfterFirst);
  });

  it("refuses a stolen token signed over the thief's own channel (SC499), writes nothing, and ends the victim's session", async () => {
    // A session of its own: the stolen token's session ends.
    const victim = await s.signIn('admin@paydesk.my');
    const thief = new PortalClient(s.url);
    await thief.handshake();
    thief.token = victim.token;
    const { bytes, type } = await multipart(csv('CHN0006'));
    const { headers } = await sealUpload(thief.keys!, 'POST', PATH, bytes);
    const res = await post({ ...headers, authorization: `Bearer ${victim.token}`, 'content-type': type }, bytes);
    expect(res.status).toBe(401);
    expect(await errorCode(res)).toBe('SC499');
    expect(await banks('CHN0006')).toBe(0);
    expect((await errorOf(victim.call('currencies'))).errorCode).toBe('SC499');
  });

  it('refuses a body past 10 MB + 64 KB with 413 before verifying it', async () => {
    const { bytes, type } = await multipart(`${HEADER}\r\n${'x'.repeat(10 * 1024 * 1024 + 64 * 1024)}`);
    const { headers } = await sealUpload(admin.keys!, 'POST', PATH, bytes);
    const res = await post({ ...headers, authorization: `Bearer ${admin.token}`, 'content-type': type }, bytes);
    expect(res.status).toBe(413);
    expect(await errorCode(res)).toBe('VAL400');
    // The server still answers afterwards.
    expect((await admin.call('currencies')).length).toBeGreaterThan(0);
  });

  it('takes a signed upload through PortalClient (FormData is serialised once and signed)', async () => {
    const form = new FormData();
    form.append('file', new Blob([csv('CHN0007')]), 'banks.csv');
    expect(await admin.callPath('POST', PATH, form)).toEqual({ Applied: 1, Created: 1, Updated: 0 });
    expect(await banks('CHN0007')).toBe(1);
  });
});
