/**
 * The settlement file import and reconciliation (modules/settlement) on each
 * database, through the job queue and from real files on disk:
 *  - generated files: for random splits of a provider's payments of a few days into lines that
 *    tally, lines with the amount or the fee off, payments left out, and lines of references the
 *    portal does not know, shuffled, as CSV or XLSX — every item gets exactly the §4 result its
 *    line was made for (1, 2 with the difference named, 3, 4), and nothing else is made;
 *  - verify (5) by another user than the importer, never by the importer; unverify (6);
 *  - Razer's repeated references are 7 DUPLICATE; any other provider's repeat fails the file;
 *  - the same file twice adds nothing; a file with one bad row changes nothing and names the row;
 *  - a later file that settles a payment left out turns its EXIST IN portal item into the match.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatOf } from '../../src/modules/settlement/formats/index.ts';
import type { ProviderRow, SettlementFormat } from '../../src/modules/settlement/formats/types.ts';
import { storeSettlementFileFrom } from '../../src/modules/settlement/file-store.ts';
import { registerSettlementFile } from '../../src/modules/settlement/import.ts';
import { enqueueSettlementImport } from '../../src/modules/settlement/jobs.ts';
import { decideReconItem } from '../../src/modules/settlement/verify.ts';
import { streamSheet } from '../../src/platform/spreadsheet.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

interface Payment {
  id: number;
  ref: string;
  amount: string;
  fee: string;
  currency: string;
  createdAt: Date;
}

type Plan = 'tally' | 'amount' | 'fee' | 'omit';

const cents = (m: string) => Math.round(Number(m) * 100);
const money = (c: number) => (c / 100).toFixed(2);
const mytDay = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe.each(DATABASES)('settlement import on %s', (kind) => {
  let s: TestServer;
  let dir: string;
  let importer: number;
  let checker: number;
  let fileNo = 0;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pd-settle-'));
    s = await startTestServer({ kind, transactions: 3000, config: { dataDir: dir, jobPollSeconds: 1 } });
    const users = await s.database.query<{ id: number; email: string }>(`SELECT id, email FROM users WHERE email IN ('admin@paydesk.my', 'mm@paydesk.my')`);
    importer = Number(users.find((u) => u.email === 'admin@paydesk.my')!.id);
    checker = Number(users.find((u) => u.email === 'mm@paydesk.my')!.id);
  }, 300_000);
  afterAll(async () => {
    await s?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The provider's successful payments on the MYT days `days` (portal side); Razer's report is MYR only. */
  const payments = async (provider: string, days: string[]) =>
    (
      await s.database.query<{ id: number; ref: string; amount: string; fee: string; currency: string; created_at: Date }>(
        `SELECT id::int AS id, txn_ref_no AS ref, amount::text AS amount, mdr_fee::text AS fee, currency, created_at FROM transactions
         WHERE provider = $1 AND status = 'SUCCESS' AND txn_type IN ('SALE', 'MOTO', 'EPP', 'SALECOMPLETION') AND (preauth_op IS NULL OR preauth_op = 'CAPTURE')
           AND (created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date = ANY($2::date[]) AND ($1 <> 'RAZERPAY' OR currency = 'MYR') ORDER BY id`,
        [provider, days],
      )
    ).map((r): Payment => ({ id: Number(r.id), ref: r.ref, amount: r.amount, fee: r.fee, currency: r.currency, createdAt: new Date(r.created_at) }));

  /** The busiest MYT days of `provider`'s payments, most first. */
  const busyDays = async (provider: string, n: number) =>
    (
      await s.database.query<{ day: string }>(
        `SELECT to_char((created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date, 'YYYY-MM-DD') AS day FROM transactions
         WHERE provider = $1 AND status = 'SUCCESS' AND txn_type IN ('SALE', 'MOTO', 'EPP', 'SALECOMPLETION') AND (preauth_op IS NULL OR preauth_op = 'CAPTURE')
         GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT $2`,
        [provider, n],
      )
    ).map((r) => r.day);

  const line = (p: Payment, lineNo: number, amount = p.amount, fee = p.fee): ProviderRow => ({
    lineNo, reference: p.ref, providerTxnId: `T${p.id}`, txnType: 'PAYMENT', txnAt: p.createdAt, settlementDate: nextDay(mytDay(p.createdAt)),
    amount, fee, net: money(cents(amount) - cents(fee)), currency: p.currency, method: null, mid: null, tid: null,
  });

  /** Writes `rows` as `format`'s file (CSV or XLSX, by the project's own writer), imports it through the queue, waits for the end. */
  async function importRows(format: SettlementFormat, rows: ProviderRow[], sheet: 'csv' | 'xlsx' = 'csv', mutate?: (cells: string[][]) => void) {
    const headers = [...format.headersOut];
    const cells = rows.map((r) => {
      const rec = format.write(r);
      return headers.map((h) => rec[h] ?? '');
    });
    mutate?.(cells);
    const path = join(dir, `in-${++fileNo}.${sheet}`);
    const { stream } = streamSheet({ format: sheet, sheetName: 'Settlement', headers, rows: (async function* () { yield* cells; })() });
    await pipeline(stream, createWriteStream(path));
    return importPath(format, path, sheet);
  }

  async function importPath(format: SettlementFormat, path: string, sheet: 'csv' | 'xlsx') {
    const stored = await storeSettlementFileFrom(dir, path, sheet, s.app.ctx.keys.fieldKey);
    const reg = await s.database.transaction(async (q) => {
      const r = await registerSettlementFile(q, format, `${format.key}-${fileNo}.${sheet}`, stored, importer, s.now());
      if (r.created) await enqueueSettlementImport(s.app.jobs, r.fileId, q);
      return r;
    });
    for (let i = 0; i < 600; i++) {
      const [f] = await s.database.query<{ status: string }>(`SELECT status FROM settlement_files WHERE id = $1`, [reg.fileId]);
      if (f!.status === 'DONE' || f!.status === 'FAILED') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const [file] = await s.database.query<Record<string, unknown>>(`SELECT * FROM settlement_files WHERE id = $1`, [reg.fileId]);
    return { reg, file: file! };
  }

  const itemsOf = (fileId: number) =>
    s.database.query<{ id: number; reference: string; result: number; differences: string | null; transaction_id: number | null; duplicate_of_row_id: number | null }>(
      `SELECT id::int AS id, reference, result, differences, transaction_id::int AS transaction_id, duplicate_of_row_id::int AS duplicate_of_row_id FROM recon_items WHERE file_id = $1 ORDER BY id`,
      [fileId],
    );
  const reset = async () => {
    await s.database.query(`DELETE FROM recon_items`);
    await s.database.query(`DELETE FROM settlement_rows`);
    await s.database.query(`DELETE FROM settlement_files`);
  };

  it('gives every generated line exactly the result it was made for, in CSV and XLSX', async () => {
    const format = formatOf('RM')!;
    // Consecutive days: a file's covered span holds no day outside the generated set.
    const [busiest] = await busyDays('RM', 1);
    const days = [busiest!, nextDay(busiest!), nextDay(nextDay(busiest!))];
    const all = await payments('RM', days);
    expect(all.length).toBeGreaterThan(8);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Plan>('tally', 'tally', 'amount', 'fee', 'omit'), { minLength: all.length, maxLength: all.length }),
        fc.integer({ min: 0, max: 4 }),
        fc.constantFrom<'csv' | 'xlsx'>('csv', 'xlsx'),
        fc.integer({ min: 1, max: 999 }),
        async (plans, strangers, sheet, seed) => {
          await reset();
          const rows: ProviderRow[] = [];
          const expected = new Map<string, { result: number; differs?: RegExp }>();
          all.forEach((p, i) => {
            const plan = plans[i]!;
            if (plan === 'omit') return void expected.set(p.ref, { result: 4 });
            const off = (seed % 97) + 1;
            if (plan === 'amount') {
              rows.push(line(p, 0, money(cents(p.amount) + off)));
              expected.set(p.ref, { result: 2, differs: new RegExp(`^Amount: provider ${money(cents(p.amount) + off).replace('.', '\\.')}, portal ${p.amount.replace('.', '\\.')} \\(\\+${money(off).replace('.', '\\.')}\\)$`) });
            } else if (plan === 'fee') {
              rows.push(line(p, 0, p.amount, money(cents(p.fee) + off)));
              expected.set(p.ref, { result: 2, differs: /^Fee: provider .*\(\+/ });
            } else {
              rows.push(line(p, 0));
              expected.set(p.ref, { result: 1 });
            }
          });
          for (let k = 0; k < strangers; k++) {
            const ref = `PDX${seed}${k}`.padEnd(18, '7');
            rows.push({ ...line(all[0]!, 0), reference: ref, providerTxnId: `X${k}` });
            expected.set(ref, { result: 3 });
          }
          // Shuffled: a file's order means nothing.
          for (let i = rows.length - 1; i > 0; i--) {
            const j = (seed * (i + 7)) % (i + 1);
            [rows[i], rows[j]] = [rows[j]!, rows[i]!];
          }
          rows.forEach((r, i) => (r.lineNo = i + 2));
          if (!rows.length) return;
          // A file speaks for the MYT days its payments span: a payment left out of a day it does not cover is no one's item yet.
          const covered = rows.map((r) => mytDay(r.txnAt)).sort();
          for (const p of all) {
            const day = mytDay(p.createdAt);
            if (expected.get(p.ref)?.result === 4 && (day < covered[0]! || day > covered.at(-1)!)) expected.delete(p.ref);
          }
          const { file } = await importRows(format, rows, sheet);
          expect(file.status).toBe('DONE');
          expect(Number(file.rows_read)).toBe(rows.length);
          const items = await itemsOf(Number(file.id));
          expect(new Map(items.map((i) => [i.reference, Number(i.result)]))).toEqual(new Map([...expected].map(([ref, e]) => [ref, e.result])));
          for (const i of items) {
            const e = expected.get(i.reference)!;
            if (e.differs) expect(i.differences, i.reference).toMatch(e.differs);
            if (e.result === 1) expect(i.differences).toBeNull();
          }
        },
      ),
      { numRuns: 5 },
    );
  }, 300_000);

  it('verifies a difference as another user only, and unverifies it', async () => {
    await reset();
    const format = formatOf('RM')!;
    const [p] = await payments('RM', await busyDays('RM', 1));
    const { file } = await importRows(format, [line(p!, 2, money(cents(p!.amount) + 1))]);
    const [item] = await itemsOf(Number(file.id));
    expect(Number(item!.result)).toBe(2);
    const decide = (userId: number, action: 'verify' | 'unverify', note = 'Provider adjusted the amount in its next file') =>
      s.database.transaction((q) => decideReconItem(q, { itemId: item!.id, action, note, userId, at: s.now() }));
    await expect(decide(importer, 'verify')).rejects.toMatchObject({ status: 403 });
    await expect(decide(checker, 'verify', '   ')).rejects.toMatchObject({ status: 400 });
    expect(await decide(checker, 'verify')).toMatchObject({ result: 5, matchedResult: 2 });
    await expect(decide(checker, 'verify')).rejects.toMatchObject({ status: 409 });
    expect(await decide(importer, 'unverify', 'Reopened: the next file did not carry it')).toMatchObject({ result: 6, matchedResult: 2 });
    const [after] = await itemsOf(Number(file.id));
    expect(Number(after!.result)).toBe(6);
  }, 120_000);

  it("marks Razer's repeated references DUPLICATE and fails any other provider's repeat, naming both lines", async () => {
    await reset();
    const razer = formatOf('RAZERPAY')!;
    const ps = await payments('RAZERPAY', await busyDays('RAZERPAY', 1));
    expect(ps.length).toBeGreaterThan(1);
    const first = await importRows(razer, [line(ps[0]!, 2), line(ps[1]!, 3), line(ps[0]!, 4)]);
    expect(first.file.status).toBe('DONE');
    // The day's other Razer payments are EXIST IN portal (4); the three lines are what matters here.
    const items = (await itemsOf(Number(first.file.id))).filter((i) => Number(i.result) !== 4);
    expect(items.map((i) => Number(i.result)).sort()).toEqual([1, 1, 7]);
    const dup = items.find((i) => Number(i.result) === 7)!;
    expect(dup.differences).toBe('Also on line 2 of this file');
    // A later Razer file repeating a settled reference: DUPLICATE of the first file's line.
    const second = await importRows(razer, [line(ps[1]!, 2)]);
    const [again] = await itemsOf(Number(second.file.id));
    expect(Number(again!.result)).toBe(7);
    expect(again!.differences).toBe(`Also on line 3 of file #${first.file.id}`);

    const rm = formatOf('RM')!;
    const [p] = await payments('RM', await busyDays('RM', 1));
    const broken = await importRows(rm, [line(p!, 2), line(p!, 3)]);
    expect(broken.file).toMatchObject({ status: 'FAILED', error_line: 3, error_field: 'reference' });
    expect(String(broken.file.error_message)).toContain('also on line 2 of this file');
    expect(await itemsOf(Number(broken.file.id))).toEqual([]);
  }, 120_000);

  it('imports the same file once, and a file with one bad row changes nothing and names the row', async () => {
    await reset();
    const format = formatOf('RM')!;
    const ps = (await payments('RM', await busyDays('RM', 1))).slice(0, 6);
    const rows = ps.map((p, i) => line(p, i + 2));
    const first = await importRows(format, rows);
    expect(first.file.status).toBe('DONE');
    const before = await s.database.query(`SELECT count(*)::int AS n FROM recon_items`);
    fileNo--; // the same file name and bytes again
    const second = await importRows(format, rows);
    expect(second.reg).toMatchObject({ created: false, fileId: first.reg.fileId });
    expect(await s.database.query(`SELECT count(*)::int AS n FROM recon_items`)).toEqual(before);

    await reset();
    const amountHeader = format.headersOut.find((h) => /amount/i.test(h) && !/settle/i.test(h))!;
    const bad = await importRows(format, rows, 'csv', (cells) => {
      cells[3]![format.headersOut.indexOf(amountHeader)] = '12.5x';
    });
    expect(bad.file).toMatchObject({ status: 'FAILED', error_line: 5, error_field: amountHeader });
    expect(await s.database.query(`SELECT count(*)::int AS n FROM settlement_rows`)).toEqual([{ n: 0 }]);
    expect(await s.database.query(`SELECT count(*)::int AS n FROM recon_items`)).toEqual([{ n: 0 }]);

    // A bad row in a late batch, after earlier batches were staged (staging overlaps reading):
    // still nothing stays, and the row is named. Lines of unknown references fill the file.
    await reset();
    const many = Array.from({ length: 4_500 }, (_, i) => ({ ...rows[i % rows.length]!, reference: `PDX${String(i).padStart(15, '0')}`, lineNo: i + 2 }));
    const badLine = 4_400;
    const late = await importRows(format, many, 'csv', (cells) => {
      cells[badLine - 2]![format.headersOut.indexOf(amountHeader)] = 'twelve';
    });
    expect(late.file).toMatchObject({ status: 'FAILED', error_line: badLine, error_field: amountHeader });
    expect(await s.database.query(`SELECT count(*)::int AS n FROM settlement_rows`)).toEqual([{ n: 0 }]);
    expect(await s.database.query(`SELECT count(*)::int AS n FROM recon_items`)).toEqual([{ n: 0 }]);
  }, 120_000);

  it('turns a payment left out into the match when a later file settles it', async () => {
    await reset();
    const format = formatOf('RM')!;
    const ps = (await payments('RM', await busyDays('RM', 1))).slice(0, 3);
    const first = await importRows(format, [line(ps[0]!, 2), line(ps[1]!, 3)]);
    const missing = (await itemsOf(Number(first.file.id))).filter((i) => Number(i.result) === 4).map((i) => i.reference);
    expect(missing).toContain(ps[2]!.ref);
    const later = await importRows(format, [line(ps[2]!, 2)]);
    const [settled] = await itemsOf(Number(later.file.id));
    expect({ ref: settled!.reference, result: Number(settled!.result) }).toEqual({ ref: ps[2]!.ref, result: 1 });
    const left = await s.database.query(`SELECT count(*)::int AS n FROM recon_items WHERE provider = 'RM' AND transaction_id = $1`, [ps[2]!.id]);
    expect(left).toEqual([{ n: 1 }]);
  }, 120_000);

  it('imports through the endpoint (signed multipart), answers its progress and results, and verifies over the API', async () => {
    await reset();
    const admin = await s.signIn('admin@paydesk.my');
    const format = formatOf('RM')!;
    const ps = (await payments('RM', await busyDays('RM', 1))).slice(0, 4);
    const rows = ps.map((p, i) => line(p, i + 2, i === 0 ? money(cents(p.amount) + 3) : p.amount));
    const headers = [...format.headersOut];
    const csv = [headers.join(','), ...rows.map((r) => headers.map((h) => JSON.stringify(format.write(r)[h] ?? '')).join(','))].join('\r\n');
    const form = () => {
      const f = new FormData();
      f.append('FormatKey', 'RM');
      f.append('file', new Blob([csv]), 'rm-settlement.csv');
      return f;
    };
    const first = await admin.callPath<{ FileId: number; Created: boolean; Status: string }>('POST', '/api/portal/Settlement/Import', form());
    expect(first).toMatchObject({ Created: true, Status: 'QUEUED' });
    let file: { Status: string; RowsRead: number; Results: Record<string, number> } | undefined;
    for (let i = 0; i < 300 && file?.Status !== 'DONE'; i++) {
      file = await admin.callPath('GET', `/api/portal/Settlement/File/${first.FileId}`);
      if (file!.Status !== 'DONE') await new Promise((r) => setTimeout(r, 100));
    }
    expect(file).toMatchObject({ Status: 'DONE', RowsRead: 4, Results: { Tally: 3, NotTally: 1, ProviderOnly: 0, Verified: 0, Duplicate: 0 } });
    // From another session: the same session's repeat within the single-flight's grace would share the first answer.
    const again = await (await s.signIn('admin@paydesk.my')).callPath<{ FileId: number; Created: boolean; Message: string }>('POST', '/api/portal/Settlement/Import', form());
    expect(again).toMatchObject({ FileId: first.FileId, Created: false });
    expect(again.Message).toMatch(/already imported as file #\d+ .*nothing was added/);

    const [diff] = await s.database.query<{ id: number }>(`SELECT id::int AS id FROM recon_items WHERE file_id = $1 AND result = 2`, [first.FileId]);
    await expect(admin.callPath('POST', '/api/portal/Settlement/Verify', { Id: diff!.id, Note: 'checked' })).rejects.toMatchObject({ status: 403 });
    const mm = await s.signIn('mm@paydesk.my');
    await expect(mm.callPath('POST', '/api/portal/Settlement/Verify', { Id: diff!.id, Note: 'checked' })).rejects.toMatchObject({ status: 403 });
    // Another platform user (not the importer) verifies.
    const [other] = await s.database.query<{ email: string }>(
      `SELECT u.email FROM users u JOIN memberships m ON m.user_id = u.id JOIN user_groups g ON g.id = m.group_id WHERE g.group_type = 'SUPERADMIN' AND u.email <> 'admin@paydesk.my' AND u.is_active = 1 ORDER BY u.id LIMIT 1`,
    );
    const checker = await s.signIn(other!.email);
    const res = await checker.send('reconVerify', { body: { Id: diff!.id, Note: 'Provider short-paid 0.03, recovered next day' } });
    expect(await checker.readJson(res, true, '/api/portal/Settlement/Verify')).toMatchObject({ Result: 5, MatchedResult: 2 });
    // The verification leaves exactly one audit row, found by the request id the call answered.
    const trail = await s.database.query<{ action: string; target_type: string; target_id: string; actor_email: string }>(
      `SELECT a.action, a.target_type, a.target_id, u.email AS actor_email FROM audit_log a JOIN users u ON u.id = a.actor_user_id WHERE a.request_id = $1`,
      [res.headers.get('x-request-id') ?? ''],
    );
    expect(trail).toEqual([{ action: 'VERIFY', target_type: 'ReconItem', target_id: String(diff!.id), actor_email: other!.email }]);
    await expect(admin.callPath('POST', '/api/portal/Settlement/Import', (() => { const f = new FormData(); f.append('FormatKey', 'NOPE'); return f; })())).rejects.toMatchObject({ status: 400 });
  }, 120_000);
});

