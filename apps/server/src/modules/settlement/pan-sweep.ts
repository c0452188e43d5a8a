/**
 * Card numbers stored by imports that ran before the readers masked cells: settlement files could
 * put a whole PAN into a provider id or a method ('transactionId' 4111111111111111), and it was
 * stored, matched into recon items and answered. At start-up, after the migrations, every text
 * column a settlement file or its import wrote is masked in place with the readers' own guard
 * (maskPansInText), so the stored rows end as a new import would store them.
 *
 * Cheap at 10 M rows: PostgreSQL selects only the rows whose text may hold a PAN (a bounded run of
 * 13–19 digits, or digit groups joined by single spaces or dashes: a superset of what the guard
 * masks, which RM's 24-digit ids and the PD references do not match), one sequential scan per
 * table, in keyset pages of ids; the guard then decides per value, and only changed rows are
 * written. Idempotent: a masked value never matches again. Run once: when it finishes it writes
 * its row in `maintenance_runs` (MAINTENANCE_NAME), and a start that finds the row skips the scans
 * (rows stored since are masked by the readers); a start stopped half-way runs it again.
 */
import { maskPansInText } from '@paydesk/domain';
import type { Database } from '../../db/client.ts';

/** The text columns of the settlement tables that hold what a provider's file said (or a user typed before the input guard masked). */
const COLUMNS: Readonly<Record<string, readonly string[]>> = {
  settlement_rows: ['reference', 'provider_txn_id', 'method', 'mid', 'tid'],
  recon_items: ['reference', 'provider_txn_id', 'note'],
  settlement_files: ['file_name', 'error_message'],
};

/** PostgreSQL ARE matching every text maskPansInText could change (and a few more, decided by the guard). */
const MAY_HOLD_PAN = '(^|[^0-9A-Za-z*•])[0-9]{13,19}([^0-9A-Za-z*•]|$)|[0-9]{4}[ -][0-9]{1,6}[ -][0-9]';
const PAGE = 1000;
/** This step's row in `maintenance_runs`. */
export const MAINTENANCE_NAME = 'settlement-pan-mask-v1';

/**
 * Masks, in place, every card number still stored in clear in the settlement tables (COLUMNS),
 * unless a start already did (`maintenance_runs`); answers how many rows it rewrote (0 when
 * skipped). `now` stamps the run (UTC). Throws the database's error.
 */
export async function maskStoredSettlementPans(database: Database, now: Date = new Date()): Promise<number> {
  const [done] = await database.query(`SELECT 1 AS done FROM maintenance_runs WHERE name = $1`, [MAINTENANCE_NAME]);
  if (done) return 0;
  let rewritten = 0;
  for (const [table, columns] of Object.entries(COLUMNS)) {
    const where = columns.map((c) => `${c} ~ $2`).join(' OR ');
    for (let after = 0; ; ) {
      const rows = await database.query<Record<string, string | null> & { id: number }>(
        `SELECT id, ${columns.join(', ')} FROM ${table} WHERE id > $1 AND (${where}) ORDER BY id LIMIT ${PAGE}`,
        [after, MAY_HOLD_PAN],
      );
      for (const row of rows) {
        const masked = columns.map((c) => (row[c] === null ? null : maskPansInText(row[c]!)));
        if (masked.every((m, i) => m === row[columns[i]!])) continue;
        await database.query(`UPDATE ${table} SET ${columns.map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE id = $1`, [row.id, ...masked]);
        rewritten++;
      }
      if (rows.length < PAGE) break;
      after = Number(rows[rows.length - 1]!.id);
    }
  }
  await database.query(`INSERT INTO maintenance_runs (name, finished_at) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [MAINTENANCE_NAME, now]);
  return rewritten;
}
