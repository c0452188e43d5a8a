/**
 * Bank payout batches (modules/payout/batch.ts, docs/payout-bulk-credit.md), on
 * both databases, over the demo's payouts with payout accounts given to 9 merchant HQs in 10:
 *  - a batch takes exactly the due payouts with an account (SQL oracle), each BATCHED once; the
 *    others are counted as skipped; a replayed Idempotency-Key answers the same batch and makes no
 *    other; two batches asked at once never share a payout;
 *  - its bulk-credit file carries every line with the merchant's whole account number and the
 *    payable amount, totals and hash total that add up, and hashes to the batch's FileSha256; a
 *    batched payout cannot be held;
 *  - a result file with a fault changes nothing and names its row; a good one makes every payout
 *    PAID or FAILED with the bank's reason, the batch COMPLETED with counts and totals, and a
 *    second result is refused; a FAILED payout goes into the next batch under a new reference;
 *  - a batch's log (payout_batch_events) holds its creation, each download and its result with
 *    the actor and the states; a second result writes nothing.
 */
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalError } from '@paydesk/contract';
import { openSecret } from '../../src/engine/secret-fields.ts';
import { demoAccountNo, seedDemoPayoutAccounts } from '../../src/modules/payout/demo-banking.ts';
import { buildDuePayouts } from '../../src/modules/payout/jobs.ts';
import { senOf } from '../../src/modules/payout/bulk-credit.ts';
import type { PayoutBatchView } from '../../src/modules/payout/batch.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';
import type { PortalClient } from '@paydesk/contract';

type Batch = PayoutBatchView & { SkippedNoAccount?: number };

const csvForm = (name: string, text: string) => {
  const f = new FormData();
  f.append('file', new Blob([text], { type: 'text/csv' }), name);
  return f;
};

describe.each(DATABASES)('bank payout batches on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;
  let payoutDate: string;
  const q = <T,>(sql: string, params?: unknown[]) => s.database.query<T>(sql, params);

  const create = async (key: string, body: { PayoutDate: string; Channel: string; Currency: string }) => {
    const res = await admin.sendTo({ method: 'POST', encrypted: true }, '/api/portal/Payout/Batch/Create', { body, headers: { 'Idempotency-Key': key } });
    return { replayed: res.headers.get('idempotent-replayed') === 'true', body: (await admin.readJson(res, true, '/api/portal/Payout/Batch/Create')) as Batch };
  };
  const download = async (id: number) => {
    const res = await admin.sendTo({ method: 'GET', encrypted: true }, `/api/portal/Payout/Batch/${id}/File`);
    expect(res.status).toBe(200);
    return { text: await res.text(), disposition: res.headers.get('content-disposition') ?? '' };
  };

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 3000 });
    await buildDuePayouts(s.database, new Date());
    expect(await seedDemoPayoutAccounts(s.database, s.app.ctx.keys.fieldKey)).toBeGreaterThan(0);
    admin = await s.signIn('admin@paydesk.my');
    const [d] = await q<{ d: string }>(`SELECT max(payout_date)::text AS d FROM payouts WHERE channel = 'DIRECT' AND currency = 'MYR' AND state = 'SCHEDULED'`);
    payoutDate = d!.d;
  }, 300_000);
  afterAll(async () => s?.close());

  it('takes exactly the due payouts with an account, once, and replays its Idempotency-Key', async () => {
    const due = await q<{ id: number; has_account: boolean; payable: string }>(
      `SELECT p.id, (c.payout_account_no IS NOT NULL AND c.payout_bank_id IS NOT NULL) AS has_account, p.payable::text AS payable
       FROM payouts p LEFT JOIN organization_configs c ON c.org_id = p.merchant_id
       WHERE p.channel = 'DIRECT' AND p.currency = 'MYR' AND p.payout_date <= $1 AND p.state IN ('SCHEDULED', 'RELEASED', 'FAILED')`,
      [payoutDate],
    );
    const taken = due.filter((d) => d.has_account);
    expect(taken.length).toBeGreaterThan(0);
    expect(due.length - taken.length, 'the demo leaves some merchants without an account').toBeGreaterThan(0);
    const body = { PayoutDate: payoutDate, Channel: 'DIRECT' as const, Currency: 'myr' };
    const first = await create('batch-key-1', body);
    expect(first.replayed).toBe(false);
    expect(first.body).toMatchObject({ State: 'AWAITING_RESULT', LineCount: taken.length, SkippedNoAccount: due.length - taken.length, PaidCount: 0, FailedCount: 0 });
    expect(senOf(first.body.Total)).toBe(taken.reduce((sum, d) => sum + senOf(d.payable)!, 0n));
    const lines = await q<{ payout_id: number }>(`SELECT payout_id FROM payout_batch_lines WHERE batch_id = $1`, [first.body.Id]);
    expect(new Set(lines.map((l) => Number(l.payout_id)))).toEqual(new Set(taken.map((d) => Number(d.id))));
    const states = await q<{ state: string; n: number }>(`SELECT state, count(*)::int AS n FROM payouts WHERE batch_id = $1 GROUP BY state`, [first.body.Id]);
    expect(states).toEqual([{ state: 'BATCHED', n: taken.length }]);
    // The same key and body: the same answer, no second batch. Another key: nothing is due any more.
    const again = await create('batch-key-1', body);
    expect(again).toEqual({ replayed: true, body: first.body });
    const [{ n }] = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM payout_batches`)) as [{ n: number }];
    expect(n).toBe(1);
    await expect(admin.call('payoutBatchCreate', { body, headers: { 'Idempotency-Key': 'batch-key-2' } })).rejects.toMatchObject({ status: 409, errorCode: 'CF409' });
  });

  it('writes the bulk-credit file with whole account numbers, adding up, hashing to FileSha256; a batched payout cannot be held', async () => {
    const [b] = await q<{ id: number }>(`SELECT id FROM payout_batches ORDER BY id LIMIT 1`);
    const batch = await admin.call('payoutBatch', { params: { Id: Number(b!.id) } });
    const { text, disposition } = await download(batch.Id);
    expect(disposition).toContain(`${batch.Reference}-${payoutDate.replace(/-/g, '')}-DIRECT-MYR.csv`);
    expect(createHash('sha256').update(text).digest('hex')).toBe(batch.FileSha256);
    const records = parse(text, { relax_column_count: true }) as string[][];
    const details = records.filter((r) => r[0] === 'D');
    expect(records[0]).toEqual(['H', batch.Reference, 'Paydesk', payoutDate.replace(/-/g, ''), 'MYR', String(batch.LineCount), batch.Total]);
    const lines = await q<{ reference: string; amount: string; merchant_id: number; bank_code: string; account_no_sealed: string }>(
      `SELECT l.reference, l.amount::text AS amount, p.merchant_id, l.bank_code, l.account_no_sealed FROM payout_batch_lines l JOIN payouts p ON p.id = l.payout_id WHERE l.batch_id = $1 ORDER BY l.line_no`,
      [batch.Id],
    );
    expect(details.map((d) => [d[2], d[4], d[5], d[6]])).toEqual(lines.map((l) => [l.reference, l.bank_code, demoAccountNo(Number(l.merchant_id)), l.amount]));
    // At rest the snapshot is sealed: no whole account number in the table.
    for (const l of lines) {
      expect(l.account_no_sealed.startsWith('enc:v1:')).toBe(true);
      expect(openSecret(s.app.ctx.keys.fieldKey, l.account_no_sealed)).toBe(demoAccountNo(Number(l.merchant_id)));
    }
    const sum = details.reduce((acc, d) => acc + senOf(d[6]!)!, 0n);
    expect(records.at(-1)).toEqual(['T', String(details.length), batch.Total, (details.reduce((acc, d) => acc + BigInt(d[5]!), 0n) % 10n ** 15n).toString()]);
    expect(senOf(batch.Total)).toBe(sum);
    const [p] = await q<{ id: number }>(`SELECT id FROM payouts WHERE batch_id = $1 LIMIT 1`, [batch.Id]);
    await expect(admin.call('payoutHold', { body: { Id: Number(p!.id), Violation: 'SINGLE_LARGE_TXN', Note: 'too late' } })).rejects.toMatchObject({ status: 409 });
    // The download is audited with the file's hash.
    const audit = await q<{ detail: string }>(`SELECT detail::text AS detail FROM audit_log WHERE target_type = 'PayoutBatch' AND action = 'DOWNLOAD'`);
    expect(audit.some((a) => a.detail.includes(batch.FileSha256))).toBe(true);
  });

  it('refuses a faulty result file naming its row and changing nothing; records a good one once; a failed payout is batched again', async () => {
    const [b] = await q<{ id: number }>(`SELECT id FROM payout_batches ORDER BY id LIMIT 1`);
    const id = Number(b!.id);
    const lines = await q<{ reference: string; amount: string; payout_id: number }>(`SELECT reference, amount::text AS amount, payout_id FROM payout_batch_lines WHERE batch_id = $1 ORDER BY line_no`, [id]);
    const before = await q(`SELECT id, state, paid_at, failure_reason FROM payouts WHERE batch_id = $1 ORDER BY id`, [id]);
    const fileOf = (rows: string[][]) => ['PaymentReference,Status,Reason,Amount', ...rows.map((r) => r.join(','))].join('\r\n');
    const good = lines.map((l) => [l.reference, 'PAID', '', l.amount]);
    const url = `/api/portal/Payout/Batch/${id}/Result`;
    // An unknown reference on the 3rd data row (file row 4), and a file missing a line.
    const unknown = good.map((r, i) => (i === 2 ? ['PD1B1', ...r.slice(1)] : r));
    await expect(admin.callPath('POST', url, csvForm('result.csv', fileOf(unknown)))).rejects.toSatisfy((e: PortalError) => e.status === 400 && /row 4, PaymentReference/.test(e.message));
    await expect(admin.callPath('POST', url, csvForm('result.csv', fileOf(good.slice(1))))).rejects.toSatisfy((e: PortalError) => e.status === 400 && e.message.includes(lines[0]!.reference));
    expect(await q(`SELECT id, state, paid_at, failure_reason FROM payouts WHERE batch_id = $1 ORDER BY id`, [id])).toEqual(before);
    expect((await admin.call('payoutBatch', { params: { Id: id } })).State).toBe('AWAITING_RESULT');

    // A generated set of failures.
    const failed = fc.sample(fc.array(fc.boolean(), { minLength: lines.length, maxLength: lines.length }), { numRuns: 1, seed: 12 })[0]!;
    failed[0] = true;
    const rows = lines.map((l, i) => [l.reference, failed[i] ? 'REJECTED' : 'PAID', failed[i] ? 'Account closed' : '', l.amount]);
    const done = await admin.callPath<Batch>('POST', url, csvForm('result.csv', fileOf(rows.reverse())));
    const failedLines = lines.filter((_, i) => failed[i]);
    const sumOf = (ls: typeof lines) => ls.reduce((acc, l) => acc + senOf(l.amount)!, 0n);
    expect(done).toMatchObject({ State: 'COMPLETED', PaidCount: lines.length - failedLines.length, FailedCount: failedLines.length });
    expect(senOf(done.FailedTotal)).toBe(sumOf(failedLines));
    expect(senOf(done.PaidTotal)! + senOf(done.FailedTotal)!).toBe(senOf(done.Total));
    const after = await q<{ id: number; state: string; paid_at: Date | null; failure_reason: string | null }>(`SELECT id, state, paid_at, failure_reason FROM payouts WHERE batch_id = $1`, [id]);
    const failedIds = new Set(failedLines.map((l) => Number(l.payout_id)));
    for (const p of after) {
      if (failedIds.has(Number(p.id))) expect(p).toMatchObject({ state: 'FAILED', paid_at: null, failure_reason: 'Account closed' });
      else expect(p.state === 'PAID' && p.paid_at !== null && p.failure_reason === null, `payout ${p.id}`).toBe(true);
    }
    await expect(admin.callPath('POST', url, csvForm('result.csv', fileOf(good)))).rejects.toMatchObject({ status: 409 });

    // The failed payouts are due again: the next batch takes exactly them, under new references.
    const next = await create('batch-key-3', { PayoutDate: payoutDate, Channel: 'DIRECT', Currency: 'MYR' });
    const retried = await q<{ payout_id: number; reference: string }>(`SELECT payout_id, reference FROM payout_batch_lines WHERE batch_id = $1`, [next.body.Id]);
    expect(new Set(retried.map((r) => Number(r.payout_id)))).toEqual(failedIds);
    expect(retried.every((r) => r.reference.endsWith(`B${next.body.Id}`))).toBe(true);
  });

  it('logs creation, download and result with the actor; a second result is refused and writes nothing', async () => {
    // The retry batch of the previous test: made by admin through the API, still awaiting its result.
    const [b] = await q<{ id: number }>(`SELECT id FROM payout_batches WHERE channel = 'DIRECT' AND state = 'AWAITING_RESULT' ORDER BY id DESC LIMIT 1`);
    const id = Number(b!.id);
    const [adminUser] = await q<{ id: number }>(`SELECT id FROM users WHERE email = 'admin@paydesk.my'`);
    const adminId = Number(adminUser!.id);
    const events = () =>
      q<{ action: string; from_status: string | null; to_status: string; actor_user_id: number | null; summary: string | null }>(
        `SELECT action, from_status, to_status, actor_user_id, summary FROM payout_batch_events WHERE batch_id = $1 ORDER BY at, id`,
        [id],
      );
    const batch = await admin.call('payoutBatch', { params: { Id: id } });
    expect((await events()).map((e) => ({ ...e, actor_user_id: Number(e.actor_user_id) }))).toEqual([
      { action: 'CREATE', from_status: null, to_status: 'AWAITING_RESULT', actor_user_id: adminId, summary: `${batch.LineCount} lines, ${batch.Total} MYR` },
    ]);

    await download(id);
    const lines = await q<{ reference: string; amount: string }>(`SELECT reference, amount::text AS amount FROM payout_batch_lines WHERE batch_id = $1 ORDER BY line_no`, [id]);
    const fileOf = (rows: string[][]) => ['PaymentReference,Status,Reason,Amount', ...rows.map((r) => r.join(','))].join('\r\n');
    const rows = lines.map((l) => [l.reference, 'PAID', '', l.amount]);
    const url = `/api/portal/Payout/Batch/${id}/Result`;
    const done = await admin.callPath<Batch>('POST', url, csvForm('result.csv', fileOf(rows)));
    expect(done).toMatchObject({ State: 'COMPLETED', PaidCount: lines.length, FailedCount: 0 });

    const logged = await events();
    expect(logged.map((e) => [e.action, e.from_status, e.to_status, Number(e.actor_user_id)])).toEqual([
      ['CREATE', null, 'AWAITING_RESULT', adminId],
      ['DOWNLOAD', 'AWAITING_RESULT', 'AWAITING_RESULT', adminId],
      ['RECORD_RESULT', 'AWAITING_RESULT', 'COMPLETED', adminId],
    ]);
    expect(logged[1]!.summary).toContain(batch.FileSha256);
    expect(logged[2]!.summary).toContain(`${lines.length} paid (${batch.Total} MYR), 0 failed (0.00 MYR)`);
    // The batch's read answers the same log (the engine's one reader), with the actor's e-mail.
    const read = await admin.call('payoutBatch', { params: { Id: id } });
    expect(read.Events?.map((e) => [e.Action, e.FromStatus, e.ToStatus, e.Actor])).toEqual([
      ['CREATE', null, 'AWAITING_RESULT', 'admin@paydesk.my'],
      ['DOWNLOAD', 'AWAITING_RESULT', 'AWAITING_RESULT', 'admin@paydesk.my'],
      ['RECORD_RESULT', 'AWAITING_RESULT', 'COMPLETED', 'admin@paydesk.my'],
    ]);
    // Another result file: refused with the old message, and nothing written (batch, payouts, lines, log, audit).
    const snapshot = async () => ({
      batch: await q(`SELECT * FROM payout_batches WHERE id = $1`, [id]),
      payouts: await q(`SELECT id, state, paid_at, failure_reason, updated_at FROM payouts WHERE batch_id = $1 ORDER BY id`, [id]),
      lines: await q(`SELECT line_no, result, reason FROM payout_batch_lines WHERE batch_id = $1 ORDER BY line_no`, [id]),
      events: await events(),
      audit: await q(`SELECT count(*)::int AS n FROM audit_log WHERE target_type = 'PayoutBatch' AND target_id = $1`, [String(id)]),
    });
    const before = await snapshot();
    const other = rows.map((r, i) => (i === 0 ? [r[0]!, 'REJECTED', 'Account closed', r[3]!] : r));
    await expect(admin.callPath('POST', url, csvForm('result-2.csv', fileOf(other)))).rejects.toSatisfy(
      (e: PortalError) => e.status === 409 && e.errorCode === 'CF409' && /^CF409: The result of batch PDB\d{8} was recorded on \d{4}-\d{2}-\d{2}; nothing was changed$/.test(e.message),
    );
    expect(await snapshot()).toEqual(before);
    // The very file again: the batch as it is, nothing written either.
    expect(await admin.callPath<Batch>('POST', url, csvForm('result.csv', fileOf(rows)))).toMatchObject({ State: 'COMPLETED', Id: id });
    expect(await snapshot()).toEqual(before);
  });

  it('never puts a payout in two batches when two are asked at once', async () => {
    const [d] = await q<{ d: string }>(`SELECT max(payout_date)::text AS d FROM payouts WHERE channel = 'RM' AND currency = 'MYR' AND state = 'SCHEDULED'`);
    if (!d?.d) return expect(d?.d ?? null).toBeNull();
    const body = { PayoutDate: d.d, Channel: 'RM', Currency: 'MYR' };
    const outcomes = await Promise.allSettled([create('race-1', body), create('race-2', body), create('race-3', body)]);
    const made = outcomes.filter((o) => o.status === 'fulfilled');
    expect(made.length).toBe(1);
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toMatchObject({ status: 409 });
    const [dup] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT l.payout_id FROM payout_batch_lines l JOIN payout_batches b ON b.id = l.batch_id WHERE b.state = 'AWAITING_RESULT' GROUP BY l.payout_id HAVING count(*) > 1) x`,
    );
    expect(dup!.n).toBe(0);
  });
});
