/**
 * Demo payout banking, at the first start of an empty embedded database,
 * after the payouts are built:
 *  - `seedDemoPayoutAccounts`: every merchant HQ without a configuration gets one with a payout
 *    account at an active bank (account numbers made from the organization id, sealed under the
 *    server's field key as the resource engine seals them) — except every 10th, so a batch shows
 *    payouts left out for want of an account;
 *  - `seedDemoPayoutBatches`: the DIRECT MYR payouts due by D−3 go in a batch whose bank result
 *    is recorded (every 25th line FAILED, "Account closed"), so /payout-report shows PAID and
 *    FAILED payouts; the DIRECT MYR payouts due by D−1 go in a batch awaiting its result, whose
 *    result file (every line PAID but one) is written to DATA_DIR/payout-samples for a user to
 *    record from the Bank batches drawer.
 * Idempotent enough for a first start: an HQ with a configuration is left alone; a batch with
 * nothing due is skipped.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../../db/client.ts';
import { sealSecret } from '../../engine/secret-fields.ts';
import { AppError } from '../../platform/errors.ts';
import { createPayoutBatch, recordBankResult } from './batch.ts';

const DAY_MS = 86_400_000;
const mytDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/** A demo account number of 12 digits for organization `id` (deterministic, never a real one). */
export const demoAccountNo = (id: number) => `5${String(id * 7919).padStart(11, '0').slice(-11)}`;

/** Gives merchant HQs payout accounts (see the module comment); answers how many it created. */
export async function seedDemoPayoutAccounts(database: Database, fieldKey: Uint8Array): Promise<number> {
  const hqs = await database.query<{ id: number; name: string }>(
    `SELECT o.id, o.name FROM organizations o
     WHERE o.level = 'MERCHANT_HQ' AND NOT EXISTS (SELECT 1 FROM organization_configs c WHERE c.org_id = o.id) ORDER BY o.id`,
  );
  const banks = await database.query<{ id: number }>(`SELECT id FROM banks WHERE is_active = 1 ORDER BY sort_order, id LIMIT 12`);
  if (!banks.length) return 0;
  const given = hqs.filter((_, i) => i % 10 !== 9);
  if (!given.length) return 0;
  await database.query(
    `INSERT INTO organization_configs (org_id, payout_bank_id, payout_account_no, payout_account_name)
     SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[])`,
    [
      given.map((h) => Number(h.id)),
      given.map((h) => Number(banks[Number(h.id) % banks.length]!.id)),
      given.map((h) => sealSecret(fieldKey, demoAccountNo(Number(h.id)))),
      given.map((h) => h.name.slice(0, 100)),
    ],
  );
  return given.length;
}

/** Makes the two demo batches (see the module comment); answers their ids (null when nothing was due). */
export async function seedDemoPayoutBatches(
  database: Database,
  o: { fieldKey: Uint8Array; originator: string; dataDir: string; now: Date },
): Promise<{ completed: number | null; awaiting: number | null }> {
  const [admin] = await database.query<{ id: number }>(`SELECT id FROM users WHERE lower(email) = 'admin@paydesk.my'`);
  if (!admin) return { completed: null, awaiting: null };
  const make = async (daysBack: number) => {
    try {
      return await database.transaction(async (q) => {
        const made = await createPayoutBatch(q, {
          payoutDate: mytDay(o.now.getTime() - daysBack * DAY_MS), channel: 'DIRECT', currency: 'MYR', userId: Number(admin.id), at: o.now, fieldKey: o.fieldKey, originator: o.originator,
        });
        const lines = await q<{ reference: string; line_no: number; amount: string }>(`SELECT reference, line_no, amount::text AS amount FROM payout_batch_lines WHERE batch_id = $1 ORDER BY line_no`, [made.id]);
        return { id: made.id, lines };
      });
    } catch (e) {
      if (e instanceof AppError && e.status === 409) return null; // nothing due that far back
      throw e;
    }
  };
  const result = (lines: { reference: string; line_no: number; amount: string }[], failed: (n: number) => boolean) => ({
    headers: ['PaymentReference', 'Amount', 'Status', 'Reason'],
    rows: lines.map((l, i) => ({
      row: i + 2,
      values: { PaymentReference: l.reference, Amount: l.amount, Status: failed(Number(l.line_no)) ? 'FAILED' : 'PAID', Reason: failed(Number(l.line_no)) ? 'Account closed' : '' },
    })),
  });
  const older = await make(3);
  if (older) {
    const sheet = result(older.lines, (n) => n % 25 === 0);
    await database.transaction((q) => recordBankResult(q, { id: older.id, sheet, fileSha256: 'demo', userId: Number(admin.id), at: o.now }));
  }
  const recent = await make(1);
  if (recent) {
    const sheet = result(recent.lines, (n) => n === 2);
    const csv = [sheet.headers.join(','), ...sheet.rows.map((r) => sheet.headers.map((h) => r.values[h as keyof typeof r.values]).join(','))].join('\r\n');
    const dir = join(o.dataDir, 'payout-samples');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, `bank-result-PDB${String(recent.id).padStart(8, '0')}.csv`), `${csv}\r\n`);
  }
  return { completed: older?.id ?? null, awaiting: recent?.id ?? null };
}
