/**
 * Demo settlement files (issue 12 Build 6): for each recon provider, files generated from the demo
 * transactions as the provider would send them, with the faults a real file has — every 40th
 * payment's amount a few sen off (NOT TALLY 2), every 45th payment missing (EXIST IN portal 4),
 * two lines of references the portal never made (EXIST IN provider 3), and, for the one provider
 * whose files repeat references (RAZERPAY, match.ts DUPLICATING_PROVIDERS), one line repeated
 * (DUPLICATE 7). Per provider: one file for the payments of MYT days D−8…D−2 (imported at the
 * first start, so every report has data) and one for day D−1, written to `samples` but not
 * imported, for a user to try the import. Files are CSV in the format's own `headersOut` layout.
 * Razer settles MYR only (docs/settlement-formats.md): its files leave other currencies out.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../../db/client.ts';
import { streamSheet } from '../../platform/spreadsheet.ts';
import { storeSettlementFileFrom } from './file-store.ts';
import { formatOf } from './formats/index.ts';
import { SETTLEMENT_PROVIDERS, type ProviderRow, type SettlementProvider } from './formats/types.ts';
import { registerSettlementFile, runSettlementImport } from './import.ts';
import { DUPLICATING_PROVIDERS, PORTAL_PAYMENT } from './match.ts';

const DAY_MS = 86_400_000;
const MYT_MS = 8 * 3_600_000;
const mytDay = (d: Date) => new Date(d.getTime() + MYT_MS).toISOString().slice(0, 10);
const sen = (m: string) => Math.round(Number(m) * 100);
const money = (c: number) => (c / 100).toFixed(2);

/** One generated file: where it was written and whether it was imported. */
export interface DemoSettlementFile {
  provider: SettlementProvider;
  path: string;
  lines: number;
  imported: boolean;
}

/**
 * The provider lines of `provider`'s payments created in MYT days [fromDay, toDay] (YYYY-MM-DD),
 * with the faults described above; the settlement date is the next MYT day (T+1). Pure but for
 * the read of `transactions`.
 */
export async function demoProviderRows(database: Database, provider: SettlementProvider, fromDay: string, toDay: string): Promise<ProviderRow[]> {
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
    rows.push({
      lineNo: 0, reference: p.ref, providerTxnId: `${provider}${p.id}`, txnType: 'PAYMENT', txnAt: at, settlementDate: mytDay(new Date(at.getTime() + DAY_MS)),
      amount, fee: p.fee, net: money(sen(amount) - sen(p.fee)), currency: p.currency, method: p.payment_method, mid: p.mid, tid: p.tid,
    });
  });
  const last = rows.at(-1);
  if (last) {
    for (const n of [1, 2]) rows.push({ ...last, reference: `PDX${toDay.replace(/-/g, '')}${provider.slice(0, 3)}${n}`, providerTxnId: `${provider}X${n}` }); // unknown: EXIST IN provider
    if (DUPLICATING_PROVIDERS.has(provider) && rows.length > 3) rows.push({ ...rows[0]! }); // repeated: DUPLICATE
  }
  rows.forEach((r, i) => (r.lineNo = i + 2));
  return rows;
}

/** Writes `rows` as `provider`'s recon CSV at `path` (the format's `headersOut` order). */
export async function writeProviderCsv(provider: SettlementProvider, rows: readonly ProviderRow[], path: string): Promise<void> {
  const format = formatOf(provider)!;
  const headers = [...format.headersOut];
  const { stream } = streamSheet({
    format: 'csv',
    sheetName: provider,
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
 * Generates every recon provider's demo files into `{dataDir}/settlement-samples` and imports the
 * older one of each (as no user: `uploaded_by_user_id` null). `now` fixes D. Returns the files.
 * Throws when an import fails (a defect of the generator: the demo data must import cleanly).
 */
export async function seedDemoSettlementFiles(database: Database, dataDir: string, now: Date, log: (m: string) => void = () => undefined): Promise<DemoSettlementFile[]> {
  const dir = join(dataDir, 'settlement-samples');
  await mkdir(dir, { recursive: true });
  const today = mytDay(now);
  const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
  const out: DemoSettlementFile[] = [];
  for (const provider of SETTLEMENT_PROVIDERS) {
    const format = formatOf(provider)!;
    for (const [from, to, imported] of [[day(8), day(2), true], [day(1), day(1), false]] as const) {
      const rows = await demoProviderRows(database, provider, from, to);
      if (rows.length === 0) continue;
      const name = `${provider.toLowerCase()}-settlement-${to}.csv`;
      const path = join(dir, name);
      await writeProviderCsv(provider, rows, path);
      out.push({ provider, path, lines: rows.length, imported });
      if (!imported) continue;
      const stored = await storeSettlementFileFrom(dataDir, path, 'csv');
      const reg = await database.transaction((q) => registerSettlementFile(q, format, name, stored, null, now));
      if (!reg.created) continue;
      const outcome = await runSettlementImport(database, reg.fileId, stored.path, 'csv', () => now);
      if (outcome.status !== 'DONE') throw new Error(`demo settlement file ${name} did not import: ${JSON.stringify(outcome)}`);
      log(`settlement file ${name}: ${rows.length} lines, results ${JSON.stringify(outcome.results)}`);
    }
  }
  return out;
}
