/**
 * INACTIVE_TXN_DAYS: a merchant HQ with no transaction for at least the
 * threshold's number of days raises one alert per quiet spell — the spell is keyed by the time of
 * its last transaction, so the next transaction ends it and a later quiet spell raises another.
 * Read from the risk state (the merchant's lastTxnAt), never from `transactions`; run by the
 * scheduler every hour (jobs.ts). A merchant the engine has never seen a transaction of is not
 * inactive: it has not started.
 */
import type { Database } from '../../db/client.ts';
import type { RaisedAlert } from './evaluate.ts';
import { insertAlerts, loadThresholds } from './ingest.ts';
import type { MerchantState } from './rule-state.ts';

const DAY_MS = 86_400_000;

/** Raises the due inactivity alerts at `now`; answers how many are new. Throws the database error. */
export async function checkInactiveMerchants(database: Database, now: Date): Promise<number> {
  return database.transaction(async (q) => {
    const days = (await loadThresholds(q)).get('INACTIVE_TXN_DAYS');
    if (days === undefined) return 0;
    const cutoff = now.getTime() - days * DAY_MS;
    const rows = await q<{ subject: string; state: MerchantState | string }>(
      `SELECT subject, state FROM risk_state WHERE kind = 'MERCHANT' AND (state->>'lastTxnAt')::float8 > 0 AND (state->>'lastTxnAt')::float8 <= $1`,
      [cutoff],
    );
    const alerts: RaisedAlert[] = rows.map((r) => {
      const s = (typeof r.state === 'string' ? JSON.parse(r.state) : r.state) as MerchantState;
      return {
        rule: 'INACTIVE_TXN_DAYS', subjectKind: 'MERCHANT', subject: r.subject, windowStart: s.lastTxnAt, threshold: String(days),
        observed: String(Math.floor((now.getTime() - s.lastTxnAt) / DAY_MS)), currency: null, txnIds: s.dayIds.slice(-1), ...s.owner,
      };
    });
    return insertAlerts(q, alerts, now);
  });
}
