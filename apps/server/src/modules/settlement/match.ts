/**
 * Reconciliation of one staged settlement file (§4 results), set-based: a few
 * statements over the file's rows, never a loop per row, inside the caller's transaction.
 *  1. Repeats: a reference (of one line type) twice in the file, or already in a DONE file of the
 *     same provider and kind. Only Razer's daily files repeat references (its PSQ daily report
 *     lists a payment under its billing day and again when its status changes), so for RAZERPAY a
 *     repeat is item 7 DUPLICATE pointing at the first line; for any other provider a repeat is a
 *     broken file and the import fails naming both lines.
 *  2. Each other line joins the portal's transaction of the same reference (the unique index on
 *     txn_ref_no): none, or one of another provider → 3 EXIST IN provider; PAYMENT lines compare
 *     to the successful payment (amount, fee = mdr_fee, currency, status), REFUND lines to the
 *     refunded amount (fee 0) → 1 TALLY or 2 NOT TALLY with every difference named and signed
 *     (provider − portal). On an acquirer (TPA) file the fee is the acquirer's MDR to the platform,
 *     not the merchant's: it differs by design (the platform's margin, recon_items.net_diff), so
 *     it is stored beside the merchant's MDR but never makes a line NOT TALLY. A match replaces the transaction's earlier 4 EXIST IN portal item: the
 *     provider settled it in a later file after all.
 *  3. Portal-only: successful payments of the provider in the MYT days the file's payments cover
 *     with no item of this provider and kind → 4 EXIST IN portal (settlement day: the file's last).
 * Throws a RowProblem-carrying ImportFailure for step 1's broken files; database errors as thrown.
 */
import type { Query } from '../../db/client.ts';
import { PORTAL_PAYMENT } from '../../summaries/sales.ts';
import { refreshReconDays } from './days.ts';
import type { SettlementFileKind, SettlementProvider, RowProblem } from './formats/types.ts';

/** Providers whose files legitimately repeat a reference (see the file comment). */
export const DUPLICATING_PROVIDERS: ReadonlySet<SettlementProvider> = new Set(['RAZERPAY']);

/** A failure that names the line (the import fails and changes nothing). */
export class ImportFailure extends Error {
  constructor(readonly problem: RowProblem) {
    super(`line ${problem.lineNo}, ${problem.field}: ${problem.message}`);
  }
}

/** What a file's matching produced: items per §4 result code (1–7). */
export type ResultCounts = Partial<Record<1 | 2 | 3 | 4 | 5 | 6 | 7, number>>;

/** Milliseconds of each matching step (filled by reconcileFile; the bench prints them). */
export type MatchSteps = Partial<Record<'repeats' | 'settled' | 'lines' | 'portalOnly' | 'days', number>>;

/**
 * The repeats of step 1 as (line, first line, first file) of this file's rows. The keys repeated
 * in the file are found by hashing (work_mem set for it by reconcileFile) and only their lines go
 * through the window: sorting all of a 1 M-line file's rows by reference took 2.7 of the step's
 * 6.6 s (EXPLAIN ANALYZE, a loaded 2-core VM). Window partitions stay whole (the filter is per
 * reference), so first_value is the key's first line as before.
 */
const REPEATS = `
  WITH earlier AS (
    SELECT DISTINCT ON (p.reference, p.txn_type) p.reference, p.txn_type, p.id, p.line_no, p.file_id
    FROM settlement_rows p JOIN settlement_files f ON f.id = p.file_id
    WHERE f.status = 'DONE' AND f.provider = $2 AND f.kind = $3 AND f.id <> $1
      AND p.reference IN (SELECT reference FROM settlement_rows WHERE file_id = $1)
    ORDER BY p.reference, p.txn_type, p.file_id, p.line_no
  ),
  twice AS (
    SELECT reference, txn_type FROM settlement_rows WHERE file_id = $1 GROUP BY reference, txn_type HAVING count(*) > 1
  ),
  mine AS (
    SELECT id, line_no, reference, txn_type, provider,
           first_value(id) OVER w AS first_id, first_value(line_no) OVER w AS first_line
    FROM settlement_rows WHERE file_id = $1
      AND ((reference, txn_type) IN (SELECT reference, txn_type FROM twice) OR reference IN (SELECT reference FROM earlier))
    WINDOW w AS (PARTITION BY reference, txn_type ORDER BY line_no)
  )
  SELECT m.id, m.line_no, m.reference,
         coalesce(e.id, m.first_id) AS first_id, coalesce(e.line_no, m.first_line) AS first_line, coalesce(e.file_id, $1) AS first_file
  FROM mine m LEFT JOIN earlier e ON e.reference = m.reference AND e.txn_type = m.txn_type
  WHERE e.id IS NOT NULL OR m.id <> m.first_id`;

/**
 * Reconciles file `fileId` (its rows staged in settlement_rows) of `provider`/`kind`, whose
 * payments cover the MYT days `txnDayFrom`..`txnDayTo` and whose last settlement day is
 * `settlementTo` ('YYYY-MM-DD'). `at` stamps the items (UTC). Answers the items made per result.
 */
export async function reconcileFile(
  q: Query,
  f: { fileId: number; provider: SettlementProvider; kind: SettlementFileKind; txnDayFrom: string; txnDayTo: string; settlementTo: string; at: Date },
  steps: MatchSteps = {},
): Promise<ResultCounts> {
  let t0 = performance.now();
  const lap = (name: keyof MatchSteps) => {
    const t = performance.now();
    steps[name] = Math.round(t - t0);
    t0 = t;
  };
  // Fresh statistics first: the file's rows were just staged and the items are about to grow by as
  // many; with stale ones the planner took recon_items for empty and probed it by a scan per
  // payment (a 1 M-row file's portal-only step ran past 12 minutes at 10 M transactions).
  await q(`ANALYZE settlement_rows`);
  // For this transaction only: JIT compiled the million-row statements for ~1.3 s and saved less;
  // the repeats' hash of every (reference, type) of a 1 M-line file and the day recount's
  // aggregates spill at the default 4 MB.
  await q(`SET LOCAL jit = off`);
  await q(`SET LOCAL work_mem = '256MB'`);
  // Items made per (result, settlement day), from each INSERT's RETURNING: the counts and the days
  // to recount without reading the file's million items back.
  const made = new Map<number, number>();
  const madeDays = new Set<string>();
  const tally = (rows: readonly { result: number; day: string; n: number }[]) => {
    for (const r of rows) {
      made.set(Number(r.result), (made.get(Number(r.result)) ?? 0) + Number(r.n));
      madeDays.add(r.day);
    }
  };
  const COUNTED = `SELECT result, settlement_date::text AS day, count(*)::int AS n FROM made GROUP BY result, settlement_date`;
  const repeats = await q<{ id: number; line_no: number; reference: string; first_id: number; first_line: number; first_file: number }>(
    `${REPEATS} ORDER BY m.line_no`,
    [f.fileId, f.provider, f.kind],
  );
  const duplicating = DUPLICATING_PROVIDERS.has(f.provider);
  if (repeats.length && !duplicating) {
    const r = repeats[0]!;
    const where = Number(r.first_file) === f.fileId ? `line ${r.first_line} of this file` : `line ${r.first_line} of file #${r.first_file}, already imported`;
    throw new ImportFailure({ lineNo: Number(r.line_no), field: 'reference', message: `Reference ${r.reference} is also on ${where}; ${f.provider} files never repeat a reference` });
  }
  if (repeats.length) {
    tally(await q<{ result: number; day: string; n: number }>(
      `WITH made AS (INSERT INTO recon_items (provider, kind, txn_type, file_id, settlement_row_id, transaction_id, reference, settlement_date, txn_day, result, matched_result,
          differences, duplicate_of_row_id, txn_at, currency, provider_txn_id, provider_amount, provider_fee, portal_amount, portal_fee,
          master_merchant_id, agency_id, agent_id, merchant_id, branch_id, created_at, updated_at)
       SELECT r.provider, $2, r.txn_type, r.file_id, r.id, t.id, r.reference, r.settlement_date, (r.txn_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date, 7, 7,
          'Also on line ' || d.first_line || CASE WHEN d.first_file = $1 THEN ' of this file' ELSE ' of file #' || d.first_file END, d.first_id,
          r.txn_at, r.currency, r.provider_txn_id, r.amount, r.fee, t.amount, t.mdr_fee,
          t.master_merchant_id, t.agency_id, t.agent_id, t.merchant_id, t.branch_id, $3, $3
       FROM unnest($4::bigint[], $5::bigint[], $6::int[], $7::int[]) AS d(id, first_id, first_line, first_file)
       JOIN settlement_rows r ON r.id = d.id
       LEFT JOIN transactions t ON t.txn_ref_no = r.reference AND t.provider = r.provider
       RETURNING result, settlement_date)
       ${COUNTED}`,
      [f.fileId, f.kind, f.at, repeats.map((r) => r.id), repeats.map((r) => r.first_id), repeats.map((r) => r.first_line), repeats.map((r) => r.first_file)],
    ));
  }
  lap('repeats');
  // Lines of this file that are not repeats (only repeats have items yet: without any, no line
  // needs the probe, by recon_items_file_row_uq), with the portal's side.
  const lines = `
    SELECT r.*, t.id AS t_id, t.provider AS t_provider, t.status AS t_status, t.currency AS t_currency, t.created_at AS t_created_at,
           CASE WHEN r.txn_type = 'REFUND' THEN t.refunded_amount ELSE t.amount END AS t_amount,
           CASE WHEN r.txn_type = 'REFUND' THEN 0 ELSE t.mdr_fee END AS t_fee,
           (${PORTAL_PAYMENT}) AS t_payment,
           t.master_merchant_id, t.agency_id, t.agent_id, t.merchant_id, t.branch_id
    FROM settlement_rows r LEFT JOIN transactions t ON t.txn_ref_no = r.reference
    WHERE r.file_id = $1${repeats.length ? ' AND NOT EXISTS (SELECT 1 FROM recon_items d WHERE d.file_id = r.file_id AND d.settlement_row_id = r.id)' : ''}`;
  // EXIST IN portal items this file settles become its match: found from the (few) portal-only
  // items by reference (recon_items_portal_only_idx; an item's reference is its transaction's
  // unique txn_ref_no, of this provider), not by joining every line with transactions again.
  const settledDays = await q<{ day: string }>(
    `WITH gone AS (
       DELETE FROM recon_items i
       WHERE i.provider = $2 AND i.kind = $3 AND i.matched_result = 4
         AND EXISTS (SELECT 1 FROM settlement_rows r WHERE r.provider = i.provider AND r.reference = i.reference AND r.txn_type = i.txn_type AND r.file_id = $1)
       RETURNING i.settlement_date
     )
     SELECT DISTINCT settlement_date::text AS day FROM gone`,
    [f.fileId, f.provider, f.kind],
  );
  lap('settled');
  // "Amount: provider 12.50, portal 12.00 (+0.50)": money differences carry their signed size.
  const diff = (label: string, prov: string, portal: string, money: boolean) =>
    `CASE WHEN ${prov} IS DISTINCT FROM ${portal} THEN '${label}: provider ' || ${prov} || ', portal ' || coalesce(${portal}::text, 'none')${
      money ? ` || ' (' || CASE WHEN ${prov} - ${portal} > 0 THEN '+' ELSE '' END || (${prov} - ${portal})::text || ')'` : ''
    } END`;
  // Each line probes transactions_ref_uq (a nested loop): at 10 M transactions and 1 M lines the
  // planner's choice, a hash join over a sequential scan of all of transactions (3.6 GB), took
  // 33 s against 19 s for the probes (EXPLAIN ANALYZE on a loaded 2-core VM). The hash is cheaper
  // only past a few million lines, above the sheet limit; for this statement only.
  const [was] = await q<{ hash: string; merge: string }>(`SELECT current_setting('enable_hashjoin') AS hash, current_setting('enable_mergejoin') AS merge`);
  await q(`SET LOCAL enable_hashjoin = off`);
  await q(`SET LOCAL enable_mergejoin = off`);
  tally(await q<{ result: number; day: string; n: number }>(
    `WITH l AS (${lines}),
     judged AS (
       SELECT l.*, l.t_id IS NOT NULL AND l.t_provider = l.provider AS found,
              concat_ws('; ',
                ${diff('Amount', 'l.amount', 'l.t_amount', true)},
                ${f.kind === 'TPA' ? 'NULL' : diff('Fee', 'l.fee', 'l.t_fee', true)},
                ${diff('Currency', 'l.currency::text', 'l.t_currency::text', false)},
                CASE WHEN l.txn_type = 'PAYMENT' AND NOT l.t_payment THEN 'Status: portal ' || l.t_status END) AS differences
       FROM l
     ),
     made AS (INSERT INTO recon_items (provider, kind, txn_type, file_id, settlement_row_id, transaction_id, reference, settlement_date, txn_day, result, matched_result,
        differences, amount_diff, fee_diff, txn_at, currency, provider_txn_id, provider_amount, provider_fee, portal_amount, portal_fee,
        master_merchant_id, agency_id, agent_id, merchant_id, branch_id, created_at, updated_at)
     SELECT j.provider, $2, j.txn_type, j.file_id, j.id, CASE WHEN j.found THEN j.t_id END, j.reference, j.settlement_date,
        (coalesce(CASE WHEN j.found THEN j.t_created_at END, j.txn_at) AT TIME ZONE 'Asia/Kuala_Lumpur')::date,
        r.code, r.code,
        CASE WHEN j.found THEN nullif(j.differences, '')
             WHEN j.t_id IS NOT NULL THEN 'The reference is a transaction of ' || coalesce(j.t_provider, 'no provider') || ', not ' || j.provider
             ELSE 'No portal transaction has this reference' END,
        CASE WHEN j.found THEN j.amount - j.t_amount END, CASE WHEN j.found THEN j.fee - j.t_fee END,
        coalesce(CASE WHEN j.found THEN j.t_created_at END, j.txn_at), j.currency, j.provider_txn_id, j.amount, j.fee,
        CASE WHEN j.found THEN j.t_amount END, CASE WHEN j.found THEN j.t_fee END,
        CASE WHEN j.found THEN j.master_merchant_id END, CASE WHEN j.found THEN j.agency_id END, CASE WHEN j.found THEN j.agent_id END,
        CASE WHEN j.found THEN j.merchant_id END, CASE WHEN j.found THEN j.branch_id END, $3, $3
     FROM judged j CROSS JOIN LATERAL (SELECT CASE WHEN NOT j.found THEN 3 WHEN j.differences = '' THEN 1 ELSE 2 END::smallint AS code) r
     RETURNING result, settlement_date)
     ${COUNTED}`,
    [f.fileId, f.kind, f.at],
  ));
  await q(`SELECT set_config('enable_hashjoin', $1, true), set_config('enable_mergejoin', $2, true)`, [was!.hash, was!.merge]);
  await q(`ANALYZE recon_items`);
  lap('lines');
  // Portal-only: the MYT days the file's payments cover, as UTC instants [from 00:00 MYT, to + 1 day).
  tally(await q<{ result: number; day: string; n: number }>(
    `WITH made AS (INSERT INTO recon_items (provider, kind, txn_type, file_id, transaction_id, reference, settlement_date, txn_day, result, matched_result, differences,
        txn_at, currency, portal_amount, portal_fee, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, created_at, updated_at)
     SELECT $2, $3, 'PAYMENT', $1, t.id, t.txn_ref_no, $6::date, (t.created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date, 4, 4,
        'Not in ' || $2 || '''s settlement files', t.created_at, t.currency, t.amount, t.mdr_fee, t.master_merchant_id, t.agency_id, t.agent_id, t.merchant_id, t.branch_id, $7, $7
     FROM transactions t
     WHERE t.provider = $2 AND ${PORTAL_PAYMENT}
       AND t.created_at >= ($4::date::timestamp AT TIME ZONE 'Asia/Kuala_Lumpur') AND t.created_at < (($5::date + 1)::timestamp AT TIME ZONE 'Asia/Kuala_Lumpur')
       AND NOT EXISTS (SELECT 1 FROM recon_items i WHERE i.provider = $2 AND i.kind = $3 AND i.txn_type = 'PAYMENT' AND i.transaction_id = t.id AND i.matched_result <> 7)
     RETURNING result, settlement_date)
     ${COUNTED}`,
    [f.fileId, f.provider, f.kind, f.txnDayFrom, f.txnDayTo, f.settlementTo, f.at],
  ));
  lap('portalOnly');
  // The settlement summary of every day this file's items are on, and of the days whose portal-only items it settled.
  await refreshReconDays(q, f.provider, f.kind, [...new Set([...madeDays, ...settledDays.map((d) => d.day)])], f.at);
  lap('days');
  return Object.fromEntries([...made].sort(([a], [b]) => a - b)) as ResultCounts;
}
