/**
 * Believable times for what the first start's demo steps wrote through the modules at the
 * moment they ran (main.ts: the risk replay, the settlement imports, the payout build, the payout
 * accounts and bank batches). Those modules date a row with the time they are called, which is
 * right for a live portal and wrong for a demo whose history is replayed in one minute: every
 * alert, import, payout and batch read as made in the seed's own second. Here each gets the time
 * it would have had (the risk parts; demo-payout-times.ts the payout parts):
 *  - a risk alert: seconds after the last transaction it counted (ingest is real-time), its
 *    evidence rows and its first events with it; a rule state: its subject's last transaction;
 *  - a settlement import: the morning (07:00–10:00 MYT) of the file's last settlement date, when
 *    the provider's file arrives, read and matched in seconds; its reconciliation items and days
 *    with it.
 * Only rows written after the fact are moved (an alert raised over ten minutes after its last
 * transaction, a file imported after its settlement day), so a second call changes nothing.
 * Deterministic: one seeded Rng and the rows' own data.
 */
import type { Query } from '../db/client.ts';
import { HOUR_MS, MINUTE_MS, SECOND_MS, after, mytDayStartOf } from './demo-clock.ts';
import { datePayoutActivity } from './demo-payout-times.ts';
import { Rng } from './random.ts';

/** What dateDemoActivity moved, per kind of record. */
export interface DatedActivity {
  riskAlerts: number;
  riskStates: number;
  settlementFiles: number;
  payoutBatches: number;
  payoutDays: number;
  payoutAccounts: number;
}

/**
 * Gives the module-written demo rows their believable times (see the file comment), in the
 * caller's transaction `q`, never after `now` (UTC). Answers how many of each it moved.
 */
export async function dateDemoActivity(q: Query, now: Date): Promise<DatedActivity> {
  const nowMs = now.getTime();
  const rng = new Rng(0xda7e_2026);
  return {
    riskAlerts: await dateRiskAlerts(q, rng, nowMs),
    riskStates: await dateRiskStates(q),
    settlementFiles: await dateSettlementImports(q, rng, nowMs),
    ...(await datePayoutActivity(q, rng, nowMs)),
  };
}

/** Risk alerts raised after the fact: seconds after their last counted transaction (else their window's start). */
async function dateRiskAlerts(q: Query, rng: Rng, nowMs: number): Promise<number> {
  const alerts = await q<{ id: number; created_at: Date; window_start: Date; last_txn: Date | null }>(
    `SELECT a.id, a.created_at, a.window_start, max(x.txn_created_at) AS last_txn
     FROM risk_alerts a LEFT JOIN risk_alert_transactions x ON x.alert_id = a.id GROUP BY a.id ORDER BY a.id`,
  );
  const moved: { id: number; at: number }[] = [];
  for (const a of alerts) {
    const base = new Date(a.last_txn ?? a.window_start).getTime();
    const at = after(rng, Math.min(base, nowMs), 5 * SECOND_MS, 90 * SECOND_MS, nowMs);
    if (new Date(a.created_at).getTime() > at + 10 * MINUTE_MS) moved.push({ id: Number(a.id), at });
  }
  if (!moved.length) return 0;
  await q(
    `WITH m AS (SELECT * FROM unnest($1::bigint[], $2::timestamptz[]) AS m(id, at)),
       was AS (SELECT a.id, a.created_at FROM risk_alerts a JOIN m ON m.id = a.id),
       ua AS (UPDATE risk_alerts a SET created_at = m.at, updated_at = CASE WHEN a.updated_at = a.created_at THEN m.at ELSE greatest(a.updated_at, m.at) END
              FROM m WHERE a.id = m.id RETURNING a.id),
       ut AS (UPDATE risk_alert_transactions x SET alerted_at = m.at FROM m WHERE x.alert_id = m.id RETURNING x.id),
       ue AS (UPDATE risk_alert_events e SET at = m.at FROM m JOIN was ON was.id = m.id WHERE e.alert_id = m.id AND e.at = was.created_at RETURNING e.id)
     -- Every data-modifying part runs once whether or not the answer reads it.
     SELECT count(*)::int AS n FROM ua`,
    [moved.map((m) => m.id), moved.map((m) => new Date(m.at).toISOString())],
  );
  return moved.length;
}

/**
 * Rule states written after the fact: dated at their subject's last transaction (a merchant's
 * `lastTxnAt`, a card's or address's latest time; else the end of its last day, MYT).
 */
async function dateRiskStates(q: Query): Promise<number> {
  const rows = await q<{ n: number }>(
    `WITH t AS (
       SELECT kind, subject, coalesce(
         nullif((state->>'lastTxnAt')::float8, 0), (state->'times'->>-1)::float8,
         extract(epoch FROM (((state->>'day')::date + 1)::timestamp AT TIME ZONE 'Asia/Kuala_Lumpur') - interval '1 minute') * 1000
       ) AS ms
       FROM risk_state)
     , u AS (UPDATE risk_state s SET updated_at = to_timestamp(t.ms / 1000.0) FROM t
             WHERE s.kind = t.kind AND s.subject = t.subject AND t.ms IS NOT NULL AND s.updated_at > to_timestamp(t.ms / 1000.0) + interval '10 minutes' RETURNING 1)
     SELECT count(*)::int AS n FROM u`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Settlement files imported after their last settlement day: read on that day's morning (07:00–
 * 10:00 MYT, a file drop the import picks up), started seconds later and finished in about half a
 * millisecond per row; their reconciliation items dated at the finish, each settlement day's
 * figures at the latest item of the day.
 */
async function dateSettlementImports(q: Query, rng: Rng, nowMs: number): Promise<number> {
  const files = await q<{ id: number; day: string; created_at: Date; rows_read: number }>(
    `SELECT id, settlement_date_to::text AS day, created_at, rows_read FROM settlement_files WHERE status = 'DONE' AND settlement_date_to IS NOT NULL ORDER BY id`,
  );
  const moved: { id: number; created: number; started: number; finished: number }[] = [];
  for (const f of files) {
    const dayStart = mytDayStartOf(f.day);
    if (new Date(f.created_at).getTime() < dayStart + 24 * HOUR_MS) continue;
    const arrived = after(rng, dayStart + 7 * HOUR_MS, 0, 3 * HOUR_MS);
    const started = after(rng, arrived, 2 * SECOND_MS, 30 * SECOND_MS);
    const finished = after(rng, started + Math.ceil(Number(f.rows_read) / 2), SECOND_MS, 8 * SECOND_MS);
    const late = Math.max(0, finished - (nowMs - MINUTE_MS));
    moved.push({ id: Number(f.id), created: arrived - late, started: started - late, finished: finished - late });
  }
  if (!moved.length) return 0;
  const iso = (f: (m: (typeof moved)[number]) => number) => moved.map((m) => new Date(f(m)).toISOString());
  await q(
    `UPDATE settlement_files f SET created_at = m.c, started_at = m.s, finished_at = m.f
     FROM unnest($1::int[], $2::timestamptz[], $3::timestamptz[], $4::timestamptz[]) AS m(id, c, s, f) WHERE f.id = m.id`,
    [moved.map((m) => m.id), iso((m) => m.created), iso((m) => m.started), iso((m) => m.finished)],
  );
  await q(
    `UPDATE recon_items r SET created_at = f.finished_at, updated_at = greatest(f.finished_at, coalesce(r.verified_at, f.finished_at))
     FROM settlement_files f WHERE r.file_id = f.id AND f.id = ANY($1::int[])`,
    [moved.map((m) => m.id)],
  );
  await q(
    `UPDATE recon_settlement_days d SET updated_at = x.at
     FROM (SELECT provider, kind, settlement_date, currency, max(updated_at) AS at FROM recon_items GROUP BY 1, 2, 3, 4) x
     WHERE d.provider = x.provider AND d.kind = x.kind AND d.settlement_date = x.settlement_date AND d.currency = x.currency AND d.updated_at > x.at`,
  );
  return moved.length;
}
