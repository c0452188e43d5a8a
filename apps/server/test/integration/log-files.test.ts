/**
 * Terminal log files (issue 30 item 3: /master-terminal-log-files; modules/log-ingest
 * log-file-*.ts), on each database:
 *  - an upload with the master terminal source's demo key (Bearer or X-Ingest-Key, plain or
 *    gzipped) is stored sealed and written as one entry (TID, owners, size, SHA-256), listed by
 *    the screen's report and downloaded streamed with the same bytes; the same bytes again for the
 *    same TID and date answer that entry and store nothing more;
 *  - another source's key is 403 (and the master terminal key 403 at the OTLP endpoint), no key
 *    401, nothing stored;
 *  - over the LOG_FILE_MAX_MB cap: 413 in the error shape, nothing stored, and a 60 MB stream
 *    against a 1 MB cap leaves the heap flat; an empty file 400;
 *  - generated bad query parameters (TID, date, file name, missing, extra) are 400 naming the
 *    field, never 5xx, nothing stored;
 *  - a merchant user of another tenant is answered 404 for a file, one of the terminal's own
 *    tenant downloads it; every download writes exactly one LOG_FILE_DOWNLOAD audit row;
 *  - the demo terminal host's files (seed/demo-log-files.ts) upload as a terminal's, once a day;
 *  - retention: once no entry names a stored file (its day's partition dropped), the hourly sweep
 *    removes it after the grace period; a named file, or one younger than the grace, stays.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_REPORTS, reportApi, type ListReportDef, type PortalClient } from '@paydesk/contract';
import { ERROR_CODES, LOG_FILE_SOURCE, LOG_SOURCE_SCREENS, businessDay } from '@paydesk/domain';
import { invalidateSettings } from '../../src/platform/settings.ts';
import { DEMO_INGEST_KEYS, seedDemoIngestKeys } from '../../src/seed/demo-ingest-keys.ts';
import { demoLogFiles } from '../../src/seed/demo-log-files.ts';
import { SWEEP_GRACE_MS, sweepUnnamedLogFiles } from '../../src/modules/log-ingest/log-file-sweep.ts';
import { collector } from '../gc-probe.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

const PATH = '/api/otlp/v1/log-files';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const masterTerminalLog = LIST_REPORTS.find((d) => d.name === 'LogMasterTerminal') as ListReportDef;


interface Sent {
  status: number;
  body: Record<string, unknown>;
}

/** `n` bytes of plausible log lines, the same for the same `seed`. */
function logText(seed: string, n: number): Buffer {
  const lines: string[] = [];
  for (let i = 0, size = 0; size < n; i++) {
    const line = `2026-01-05 10:${String(i % 60).padStart(2, '0')}:00 INFO ${seed} line ${i} host answered 00\n`;
    lines.push(line);
    size += line.length;
  }
  return Buffer.from(lines.join('')).subarray(0, n);
}

/** A stream of `total` bytes in 64 KiB chunks, made as it is read (never held whole). */
function generated(total: number): Readable {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  let left = total;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const n = Math.min(left, chunk.length);
      left -= n;
      this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    },
  });
}

describe.each(DATABASES)('terminal log files on %s', (kind) => {
  let s: TestServer;
  let dataDir: string;
  let admin: PortalClient;
  /** A terminal of the demo merchant's own tenant, and one of another tenant. */
  let own: { tid: string; mid: string; merchantId: number };
  let foreign: { tid: string };
  const q = <T,>(sql: string, params?: unknown[]) => s.database.query<T>(sql, params);
  const count = async () => Number((await q<{ n: number }>('SELECT count(*)::int AS n FROM log_entries WHERE source = $1', [LOG_FILE_SOURCE]))[0]!.n);
  const stored = async () => (await readdir(join(dataDir, 'log-files')).catch(() => [] as string[])).sort();
  /** A log date two days before the server's business day (never "after today", whatever the hour). */
  let day: string;

  /**
   * POSTs `body` to the upload with node:http, answering once the response has arrived: a refusal
   * may close the connection while the body is still being written, and the write's EPIPE or
   * ECONNRESET after the answer changes nothing.
   */
  async function upload(body: Buffer | Readable, o: { query?: string; key?: string | null; header?: 'bearer' | 'x-ingest-key'; type?: string; encoding?: string; path?: string } = {}): Promise<Sent> {
    const key = o.key === undefined ? DEMO_INGEST_KEYS.MASTER_TERMINAL : o.key;
    const headers: Record<string, string> = { 'content-type': o.type ?? 'application/octet-stream' };
    if (Buffer.isBuffer(body)) headers['content-length'] = String(body.length);
    if (key !== null) {
      if (o.header === 'x-ingest-key') headers['x-ingest-key'] = key;
      else headers.authorization = `Bearer ${key}`;
    }
    if (o.encoding) headers['content-encoding'] = o.encoding;
    const url = `${s.url}${o.path ?? PATH}${o.query === undefined ? '' : `?${o.query}`}`;
    const { status, raw } = await new Promise<{ status: number; raw: Buffer }>((resolve, reject) => {
      let answered = false;
      const req = request(url, { method: 'POST', headers }, (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, raw: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', (e) => {
        if (!answered) reject(e);
      });
      if (Buffer.isBuffer(body)) req.end(body);
      else {
        body.on('error', () => undefined);
        body.pipe(req);
      }
    });
    return { status, body: raw.length ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {} };
  }

  const query = (tid: string, fileName: string, logDate = day) => `Tid=${tid}&LogDate=${logDate}&FileName=${encodeURIComponent(fileName)}`;

  /** Downloads entry `id` as `client`: status, bytes and the headers that matter. */
  async function download(client: PortalClient, id: number) {
    const res = await client.send('logFileDownload', { params: { Id: id } });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), disposition: res.headers.get('content-disposition'), checksum: res.headers.get('x-checksum-sha256'), requestId: res.headers.get('x-request-id') };
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'paydesk-log-files-'));
    s = await startTestServer({ kind, transactions: 200, config: { dataDir } });
    await seedDemoIngestKeys(s.database, s.now());
    day = new Date(s.now().getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
    admin = await s.signIn('admin@paydesk.my');
    const [m] = await q<{ org_id: number; path: string; group_id: number }>(
      `SELECT m.org_id, o.path, m.group_id FROM memberships m JOIN users u ON u.id = m.user_id JOIN organizations o ON o.id = m.org_id WHERE u.email = 'merchant@paydesk.my' ORDER BY m.id LIMIT 1`,
    );
    // The merchant's group is given the screen's permission (no merchant-side group holds it by default).
    await q(`INSERT INTO user_group_permissions (group_id, permission) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [m!.group_id, LOG_SOURCE_SCREENS[LOG_FILE_SOURCE].permission]);
    const [t] = await q<{ tid: string; mid: string }>(`SELECT t.tid, t.mid FROM terminals t JOIN organizations o ON o.id = t.org_id WHERE o.path LIKE $1 ORDER BY t.id LIMIT 1`, [`${m!.path}%`]);
    const [f] = await q<{ tid: string }>(`SELECT t.tid FROM terminals t JOIN organizations o ON o.id = t.org_id WHERE o.path NOT LIKE $1 ORDER BY t.id LIMIT 1`, [`${m!.path}%`]);
    own = { tid: t!.tid, mid: t!.mid, merchantId: Number(m!.org_id) };
    foreign = { tid: f!.tid };
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores an upload sealed as one entry with size and SHA-256, lists it, and downloads the same bytes streamed', async () => {
    const bytes = logText('upload-1', 48_000);
    const a = await upload(bytes, { query: query(own.tid, 'T-2026-01-05.log') });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ Tid: own.tid, LogDate: day, FileName: 'T-2026-01-05.log', ByteSize: bytes.length, Sha256: sha256(bytes), Repeated: false });
    const id = Number(a.body.EntryId);

    const [row] = await q<Record<string, unknown>>(`SELECT level, message, operation, outcome, tid, mid, merchant_id, attributes FROM log_entries WHERE source = $1 AND id = $2`, [LOG_FILE_SOURCE, id]);
    expect(row).toMatchObject({ level: 1, message: 'Log file T-2026-01-05.log uploaded', operation: 'UPLOAD', outcome: 'STORED', tid: own.tid, mid: own.mid });
    expect(row!.attributes).toEqual({ FileName: 'T-2026-01-05.log', LogDate: day, ByteSize: bytes.length, Sha256: sha256(bytes), StoredAs: `log-files/${sha256(bytes)}.log` });
    // Sealed at rest: the file on disk is not the plaintext.
    expect(await stored()).toContain(`${sha256(bytes)}.log`);

    const listed = await reportApi(admin, masterTerminalLog).search({ RowsPerPage: 50, SearchData: { TID: own.tid } });
    expect(listed.Items.map((r) => r.Id)).toContain(id);
    const detail = await reportApi(admin, masterTerminalLog).get(id);
    expect(JSON.parse(String(detail.Attributes))).toMatchObject({ ByteSize: bytes.length, Sha256: sha256(bytes) });

    const d = await download(admin, id);
    expect([d.status, d.checksum, sha256(d.bytes)]).toEqual([200, sha256(bytes), sha256(bytes)]);
    expect(d.bytes.equals(bytes)).toBe(true);
    expect(d.disposition).toBe('attachment; filename=T-2026-01-05.log');
  });

  it('answers the first entry for the same bytes of the same TID and date, reads X-Ingest-Key, and stores a gzipped upload inflated', async () => {
    const bytes = logText('upload-2', 20_000);
    const first = await upload(bytes, { query: query(own.tid, 'again.log') });
    const before = [await count(), await stored()] as const;
    const again = await upload(bytes, { query: query(own.tid, 'again.log'), header: 'x-ingest-key' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, Repeated: true });
    expect([await count(), await stored()]).toEqual(before);
    // Another date is another log: a second entry over the one stored file.
    const other = await upload(bytes, { query: query(own.tid, 'again.log', '2026-01-01') });
    expect([other.status, other.body.Repeated, other.body.Sha256]).toEqual([200, false, sha256(bytes)]);
    expect(await count()).toBe(before[0] + 1);
    expect(await stored()).toEqual(before[1]);

    const plain = logText('gzipped', 30_000);
    const z = await upload(gzipSync(plain), { query: query(own.tid, 'gz.log'), encoding: 'gzip' });
    expect(z.body).toMatchObject({ ByteSize: plain.length, Sha256: sha256(plain) });
    expect((await download(admin, Number(z.body.EntryId))).bytes.equals(plain)).toBe(true);
  });

  it("refuses another source's key (403), a missing key (401) and the master terminal key at the OTLP endpoint (403), storing nothing", async () => {
    const before = [await count(), await stored()] as const;
    const bytes = logText('refused', 4_000);
    for (const key of [DEMO_INGEST_KEYS.TERMINAL, DEMO_INGEST_KEYS.MOBILE, DEMO_INGEST_KEYS.CARD_RECEIPT_UPLOAD]) {
      const a = await upload(bytes, { query: query(own.tid, 'refused.log'), key });
      expect([a.status, a.body.ErrorCode, typeof a.body.RequestId]).toEqual([403, ERROR_CODES.FORBIDDEN, 'string']);
    }
    expect((await upload(bytes, { query: query(own.tid, 'refused.log'), key: null })).status).toBe(401);
    const otlp = await upload(Buffer.from('{}'), { path: '/api/otlp/v1/logs', type: 'application/json' });
    expect([otlp.status, otlp.body.ErrorCode]).toEqual([403, ERROR_CODES.FORBIDDEN]);
    expect((await upload(bytes, { query: query(own.tid, 'refused.log'), type: 'text/plain' })).status).toBe(415);
    expect([await count(), await stored()]).toEqual(before);
  });

  it('refuses a file over LOG_FILE_MAX_MB with 413 while it streams, storing nothing, the heap flat; and an empty file with 400', async () => {
    await q(`UPDATE system_settings SET setting_value = '1' WHERE setting_key = 'LOG_FILE_MAX_MB'`);
    invalidateSettings(s.app.ctx);
    try {
      const before = [await count(), await stored()] as const;
      const justOver = await upload(Buffer.alloc(1024 * 1024 + 1, 0x62), { query: query(own.tid, 'over.log') });
      expect([justOver.status, justOver.body.ErrorCode, justOver.body.ErrorMessage, typeof justOver.body.RequestId]).toEqual([413, ERROR_CODES.VALIDATION, 'body: the log file is larger than 1 MB (LOG_FILE_MAX_MB)', 'string']);
      const atCap = await upload(Buffer.alloc(1024 * 1024, 0x63), { query: query(own.tid, 'at-cap.log') });
      expect([atCap.status, atCap.body.ByteSize]).toEqual([200, 1024 * 1024]);
      const afterCap = [await count(), await stored()] as const;
      expect(afterCap[0]).toBe(before[0] + 1);

      const gc = collector();
      const bomb = gzipSync(Buffer.alloc(30 * 1024 * 1024, 0x64));
      expect((await upload(bomb, { query: query(own.tid, 'bomb.log'), encoding: 'gzip' })).status).toBe(413);
      expect((await upload(generated(8 * 1024 * 1024), { query: query(own.tid, 'warm.log') })).status).toBe(413);
      gc?.();
      const heap = process.memoryUsage().heapUsed;
      const big = await upload(generated(60 * 1024 * 1024), { query: query(own.tid, 'big.log') });
      gc?.();
      expect(big.status).toBe(413);
      // A 60 MB body against a 1 MB cap: read no further than the cap, nothing of it held.
      expect(process.memoryUsage().heapUsed - heap).toBeLessThan(gc ? 16 * 1024 * 1024 : 48 * 1024 * 1024);

      const empty = await upload(Buffer.alloc(0), { query: query(own.tid, 'empty.log') });
      expect([empty.status, empty.body.ErrorMessage]).toEqual([400, 'body: is empty: send the log file']);
      expect([await count(), await stored()]).toEqual(afterCap);
      // No temporary file left behind either.
      expect(afterCap[1].filter((f) => f.endsWith('.tmp'))).toEqual([]);
    } finally {
      await q(`UPDATE system_settings SET setting_value = '20' WHERE setting_key = 'LOG_FILE_MAX_MB'`);
      invalidateSettings(s.app.ctx);
    }
  }, 120_000);

  it('refuses generated bad query parameters with 400 naming the field, never 5xx, storing nothing', async () => {
    const today = businessDay(s.now());
    const later = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const good = { Tid: own.tid, LogDate: day, FileName: 'probe.log' };
    const badTid = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9]{0,7}$/),
      fc.stringMatching(/^[A-Za-z0-9]{9,20}$/),
      fc.stringMatching(/^[A-Za-z0-9]{0,4}[ ./_:;'"<>%-][A-Za-z0-9]{0,3}$/),
    );
    const badDate = fc.oneof(
      fc.constantFrom('', '2026-1-5', '05-01-2026', '20260105', '2026/01/05', 'today', '2026-01-05T00:00:00Z'),
      // Shaped right, not on the calendar.
      fc.constantFrom('2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '1999-12-31'),
      // Not yet begun: after today's business day.
      fc.integer({ min: 2, max: 4000 }).map(later),
    );
    const badName = fc.oneof(
      fc.constantFrom('', '.hidden', '../etc/passwd', 'a/b.log', 'a\\b.log', 'with space.log', '-dash.log', 'x'.repeat(101), 'журнал.log', 'a?b', 'a*b.log'),
      fc.stringMatching(/^[A-Za-z0-9]{1,5}[^A-Za-z0-9._-][A-Za-z0-9]{0,5}$/),
    );
    const bad = fc.oneof(
      badTid.map((Tid) => ({ field: 'Tid', params: { ...good, Tid } })),
      badDate.map((LogDate) => ({ field: 'LogDate', params: { ...good, LogDate } })),
      badName.map((FileName) => ({ field: 'FileName', params: { ...good, FileName } })),
      fc.constantFrom<keyof typeof good>('Tid', 'LogDate', 'FileName').map((field) => {
        const { [field]: _gone, ...rest } = good;
        return { field, params: rest as Record<string, string> };
      }),
      fc.constantFrom('Extra', 'tid', 'Source').map((extra) => ({ field: 'query', params: { ...good, [extra]: 'x' } })),
    );
    const before = [await count(), await stored()] as const;
    await fc.assert(
      fc.asyncProperty(bad, async ({ field, params }) => {
        const a = await upload(logText('bad-query', 2_000), { query: new URLSearchParams(params).toString() });
        expect(a.status, JSON.stringify(params)).toBe(400);
        expect(a.body).toEqual({ ErrorCode: ERROR_CODES.VALIDATION, ErrorMessage: expect.stringMatching(new RegExp(`^${field}[.:]`)) as unknown, RequestId: expect.any(String) as unknown });
      }),
      { numRuns: 150, seed: 30 },
    );
    expect([await count(), await stored()]).toEqual(before);
  }, 120_000);

  it("answers a merchant user its own terminal's file and 404 for another tenant's, each download one audit row", async () => {
    const mine = logText('merchant-own', 6_000);
    const theirs = logText('merchant-foreign', 6_000);
    const a = await upload(mine, { query: query(own.tid, 'own.log') });
    const b = await upload(theirs, { query: query(foreign.tid, 'foreign.log') });
    const [ownId, foreignId] = [Number(a.body.EntryId), Number(b.body.EntryId)];
    const merchant = await s.signIn('merchant@paydesk.my');

    const got = await download(merchant, ownId);
    expect([got.status, got.bytes.equals(mine)]).toEqual([200, true]);
    const refused = await download(merchant, foreignId);
    expect([refused.status, JSON.parse(refused.bytes.toString('utf8')).ErrorCode]).toEqual([404, ERROR_CODES.NOT_FOUND]);
    // The merchant sees its own entry on the screen, and not the other tenant's.
    const seen = (await reportApi(merchant, masterTerminalLog).search({ RowsPerPage: 200, SearchData: {} })).Items.map((r) => r.Id);
    expect(seen).toContain(ownId);
    expect(seen).not.toContain(foreignId);

    const adminGot = await download(admin, foreignId);
    expect(adminGot.bytes.equals(theirs)).toBe(true);
    for (const [d, id, email] of [[got, ownId, 'merchant@paydesk.my'], [adminGot, foreignId, 'admin@paydesk.my']] as const) {
      const rows = await q<{ action: string; target_type: string; target_id: string; actor_email: string; detail: string }>(
        `SELECT action, target_type, target_id, actor_email, detail::text AS detail FROM audit_log WHERE request_id = $1`,
        [d.requestId],
      );
      expect(rows.map((r) => [r.action, r.target_type, r.target_id, r.actor_email])).toEqual([['LOG_FILE_DOWNLOAD', 'LogEntry', String(id), email]]);
      expect(rows[0]!.detail).toContain(sha256(d.bytes));
    }
    // The refused download wrote no download row.
    expect(await q(`SELECT 1 FROM audit_log WHERE request_id = $1 AND action = 'LOG_FILE_DOWNLOAD'`, [refused.requestId])).toEqual([]);
  });

  it("accepts the demo terminal host's log files, and the same files again (the host started twice a day) write nothing new", async () => {
    const terminals = (await q<{ tid: string; mid: string }>('SELECT tid, mid FROM terminals ORDER BY id LIMIT 3')).map((t) => ({ ...t, txnRefs: [] }));
    const files = demoLogFiles(terminals, s.now());
    expect(files.map((f) => f.tid)).toEqual([terminals[0]!.tid, terminals[1]!.tid, terminals[0]!.tid]);
    expect(demoLogFiles(terminals, s.now())).toEqual(files);
    for (const round of [1, 2]) {
      for (const f of files) {
        expect(f.content.length).toBeGreaterThan(2_000);
        const a = await upload(f.content, { query: query(f.tid, f.fileName, f.logDate) });
        expect([a.status, a.body.Repeated, a.body.Sha256], f.fileName).toEqual([200, round === 2, sha256(f.content)]);
      }
    }
  });
  it('sweeps a stored file once no entry names it and the grace has passed, and keeps named and young files', async () => {
    const gone = logText('swept', 9_000);
    const kept = logText('kept', 9_000);
    const a = await upload(gone, { query: query(own.tid, 'swept.log') });
    const b = await upload(kept, { query: query(own.tid, 'kept.log') });
    expect([a.status, b.status]).toEqual([200, 200]);
    // The day's partition dropped by retention, for this entry: no entry names its bytes any more.
    await q(`DELETE FROM log_entries WHERE source = $1 AND attributes->>'Sha256' = $2`, [LOG_FILE_SOURCE, sha256(gone)]);
    // Within the grace: an upload between its file's rename and its entry's commit looks the same.
    expect(await sweepUnnamedLogFiles(s.database, dataDir, new Date())).toEqual([]);
    expect(await stored()).toContain(`${sha256(gone)}.log`);
    const later = new Date(Date.now() + SWEEP_GRACE_MS + 60_000);
    expect(await sweepUnnamedLogFiles(s.database, dataDir, later)).toEqual([sha256(gone)]);
    expect(await stored()).not.toContain(`${sha256(gone)}.log`);
    expect(await stored()).toContain(`${sha256(kept)}.log`);
    expect((await download(admin, Number(b.body.EntryId))).bytes.equals(kept)).toBe(true);
  });
});
