/**
 * How long a user's export history is kept (issue 29 Build item 8). The rule: a run is kept while
 * it is younger than 90 days OR among the user's 200 newest, whichever keeps more.
 *
 * Why these: the history exists to recognise and repeat work, and a payments back office repeats
 * on month- and quarter-end cycles (settlement, payout and MDR files for finance and the schemes),
 * so a quarter of history covers the previous cycle of every such file; an occasional exporter
 * (an agent exporting once a month) still finds their last ones, however old. Neither is evidence:
 * every export's lifecycle (started, completed with its rows, cancelled, failed, refused), its
 * filters and run id stay in `audit_log`, which is append-only and kept by the audit policy, so
 * pruning this table loses no record an auditor needs, and a query for "who exported what" goes
 * there, not here.
 *
 * Where: `pruneExportRuns` runs in the transaction that reserves the user's next export
 * (platform/export-run.ts), under that user's advisory lock, so a history is held to the rule
 * whenever it grows, concurrent exports of one user cannot race on it, and no queue or schedule is
 * added; the work is one index range of one user (≤ 200 ids and the rows past them). A user who
 * stops exporting keeps the history they had: it grows no more and is theirs alone to read.
 */
import type { Query } from '../db/client.ts';

/** Which runs of a user are kept: those younger than `keepDays` days, and the `keepLast` newest. */
export interface ExportRetention {
  keepDays: number;
  keepLast: number;
}

/** The portal's rule (see the file comment). */
export const EXPORT_RETENTION: Readonly<ExportRetention> = Object.freeze({ keepDays: 90, keepLast: 200 });

const DAY_MS = 86_400_000;

/**
 * Deletes the runs of `userId` that `rule` no longer keeps: started before `now` − keepDays days
 * (`now` is the app's clock, UTC) and not among the user's keepLast newest (by start, then id: the
 * history's own order). Other users' runs are never touched. Answers how many were deleted.
 * Call it inside the transaction that writes the user's new run (it then counts among the newest).
 */
export async function pruneExportRuns(q: Query, userId: number, now: Date, rule: ExportRetention = EXPORT_RETENTION): Promise<number> {
  const rows = await q<{ n: number }>(
    `WITH gone AS (
       DELETE FROM export_runs
        WHERE user_id = $1 AND started_at < $2
          AND id NOT IN (SELECT id FROM export_runs WHERE user_id = $1 ORDER BY started_at DESC, id DESC LIMIT $3)
       RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [userId, new Date(now.getTime() - rule.keepDays * DAY_MS), rule.keepLast],
  );
  return Number(rows[0]?.n ?? 0);
}
