/**
 * Demo settlement files: for each recon provider and each acquirer (TPA: RM,
 * Paydee, BSN), files generated from the demo transactions as the provider would send them, with
 * the faults a real file has — every 40th payment's amount a few sen off (NOT TALLY 2), every 45th
 * payment missing (EXIST IN portal 4), two lines of references the portal never made (EXIST IN
 * provider 3), and, for the one provider whose files repeat references (RAZERPAY, match.ts
 * DUPLICATING_PROVIDERS), one line repeated (DUPLICATE 7). An acquirer file states the acquirer's
 * MDR to the platform, not the merchant's: 70 % of the merchant's MDR (rounded to the sen), and on
 * the 2nd payment and every 50th after it 5 sen above the merchant's (a negative margin to find in the acquirer
 * report). Per format: one file for the payments of MYT days D−8…D−2 (imported at the first
 * start, so every report has data) and one for day D−1, written to `samples` but not imported,
 * for a user to try the import. Files are CSV in the format's own `headersOut` layout. Razer
 * settles MYR only (docs/settlement-formats.md): its files leave other currencies out.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../../db/client.ts';
import { streamSheet } from '../../platform/spreadsheet.ts';
import { storeSettlementFileFrom } from './file-store.ts';
import { SETTLEMENT_FORMATS } from './formats/index.ts';
import type { ProviderRow, SettlementFileKind, SettlementFormat, SettlementProvider } from './formats/types.ts';
import { registerSettlementFile, runSettlementImport } from './import.ts';
import { PORTAL_PAYMENT } from '../../summaries/sales.ts';
import { DUPLICATING_PROVIDERS } from './match.ts';

const DAY_MS = 86_400_000;
const MYT_MS = 8 * 3_600_000;
const mytDay = (d: Date) => new Date(d.getTime() + MYT_MS).toISOString().slice(0, 10);
const sen = (m: string) => Math.round(Number(m) * 100);
const money = (c: number) => (c / 100).toFixed(2);

/** One generated file: where it was written and whether it was imported. */
export interface DemoSettlementFile {
  provider: SettlementProvider;
  kind: SettlementFileKind;
  /** The format's key (RM, RM_TPA, …): what an import of the file names. */
  formatKey: string;
  path: string;
  lines: number;
  imported: boolean;
}

/**
 * The lines of `provider`'s file of `kind` for its payments created in MYT days [fromDay, toDay]
 * (YYYY-MM-DD), with the faults described above; the settlement date is the next MYT day (T+1).
 * Pure but for the read of `transactions`.
 */
export async function demoProviderRows(database: Database, provider: SettlementProvider, fromDay: string, toDay: string, kind: SettlementFileKind = 'RECON'): Promise<ProviderRow[]> {
  const payments = await database.query<{ id: string; ref: string; amount: string; fee: string; currency: string; created_at: Date; payment_method: string | null; mid: string | null; tid: string | null }>(
    `SELECT t.id::text, t.txn_ref_no AS ref, t.amount::text AS amount, t.mdr_fee::text AS fee, t.currency, t.created_at, t.payment_method, t.mid, t.tid
     FROM transactions t
     WHERE t.provider = $1 AND ${PORTAL_PAYMENT}
       AND t.created_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Kuala_Lumpur') AND t.created_at < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Kuala_Lumpur')
       ${provider === 'RAZERPAY' ? `AND t.currency = 'MYR'` : ''}
     ORDER BY t.created_at, t.id`,
    [provider, fromDay, toDay],
  );
  const rows: ProviderRow[] = [];
  payments.forEach((p, k) => {
    if (k % 45 === 44) return; // left out: EXIST IN portal
    const at = new Date(p.created_at);
    const amount = money(sen(p.amount) + (k % 40 === 39 ? (k % 7) + 1 : 0)); // a few sen off: NOT TALLY
    // The acquirer's MDR to the platform: below the merchant's, above it on the 2nd payment and every
    // 50th after it — a tally line (k ≡ 1 mod 50 is never a left-out or an amount-off line), so
    // even a small file of a few payments has a negative margin to show.
    const fee = kind === 'RECON' ? p.fee : money(k % 50 === 1 ? sen(p.fee) + 5 : Math.round(sen(p.fee) * 0.7));
    rows.push({
      lineNo: 0, reference: p.ref, providerTxnId: `${provider}${p.id}`, txnType: 'PAYMENT', txnAt: at, settlementDate: mytDay(new Date(at.getTime() + DAY_MS)),
      amount, fee, net: money(sen(amount) - sen(fee)), currency: p.currency, method: p.payment_method, mid: p.mid,
      // An acquirer settles an online payment under its virtual terminal of the MID ('V' + the MID's last 7 digits).
      tid: p.tid ?? (kind === 'TPA' && p.mid ? `V${p.mid.slice(-7)}` : null),
    });
  });
  const last = rows.at(-1);
  if (last) {
    const tag = `${provider.slice(0, 3)}${kind === 'TPA' ? 'T' : ''}`;
    for (const n of [1, 2]) rows.push({ ...last, reference: `PDX${toDay.replace(/-/g, '')}${tag}${n}`, providerTxnId: `${provider}X${n}` }); // unknown: EXIST IN provider
    if (DUPLICATING_PROVIDERS.has(provider) && rows.length > 3) rows.push({ ...rows[0]! }); // repeated: DUPLICATE
  }
  rows.forEach((r, i) => (r.lineNo = i + 2));
  return rows;
}

/** Writes `rows` as a CSV file of `format` at `path` (the format's `headersOut` order). */
export async function writeProviderCsv(format: SettlementFormat, rows: readonly ProviderRow[], path: string): Promise<void> {
  const headers = [...format.headersOut];
  const { stream } = streamSheet({
    format: 'csv',
    sheetName: format.key,
    headers,
    rows: (async function* () {
      for (const r of rows) {
        const rec = format.write(r);
        yield headers.map((h) => rec[h] ?? '');
      }
    })(),
  });
  await pipeline(stream, createWriteStream(path));
}

/**
 * Generates every format's demo files (recon then acquirer) into `{dataDir}/settlement-samples` and
 * imports the older one of each (as no user: `uploaded_by_user_id` null), stored sealed under
 * `fieldKey` as uploads are. `now` fixes D. Returns
 * the files. Throws when an import fails (a defect of the generator: the demo data must import
 * cleanly).
 */
export async function seedDemoSettlementFiles(database: Database, dataDir: string, fieldKey: Uint8Array, now: Date, log: (m: string) => void = () => undefined): Promise<DemoSettlementFile[]> {
  const dir = join(dataDir, 'settlement-samples');
  await mkdir(dir, { recursive: true });
  const today = mytDay(now);
  const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
  const out: DemoSettlementFile[] = [];
  for (const format of SETTLEMENT_FORMATS) {
    const { provider, kind } = format;
    for (const [from, to, imported] of [[day(8), day(2), true], [day(1), day(1), false]] as const) {
      const rows = await demoProviderRows(database, provider, from, to, kind);
      if (rows.length === 0) continue;
      const name = `${format.key.toLowerCase().replace('_', '-')}-settlement-${to}.csv`;
      const path = join(dir, name);
      await writeProviderCsv(format, rows, path);
      out.push({ provider, kind, formatKey: format.key, path, lines: rows.length, imported });
      if (!imported) continue;
      const stored = await storeSettlementFileFrom(dataDir, path, 'csv', fieldKey);
      const reg = await database.transaction((q) => registerSettlementFile(q, format, name, stored, null, now));
      if (!reg.created) continue;
      const outcome = await runSettlementImport(database, reg.fileId, { path: stored.path, key: fieldKey }, 'csv', () => now);
      if (outcome.status !== 'DONE') throw new Error(`demo settlement file ${name} did not import: ${JSON.stringify(outcome)}`);
      log(`settlement file ${name}: ${rows.length} lines, results ${JSON.stringify(outcome.results)}`);
    }
  }
  return out;
}
