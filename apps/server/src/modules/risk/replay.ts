/**
 * Runs the risk rules over transactions already stored: the demo seed replays
 * its last days so /risk and /risk-transaction have alerts and the states are warm, exactly as if
 * those transactions had come through ingest. Reads the rows in time order in pages of
 * REPLAY_PAGE (keyset on created_at, id), keeps the states in memory, and writes the states and
 * the alerts in one transaction at the end. Memory grows with the subjects seen (cards, IPs,
 * merchants), so callers replay a short span (the seed: 3 days).
 */
import type { Database } from '../../db/client.ts';
import { isForeignCard, isForeignIp, loadBinTable } from './classify.ts';
import { evaluateBatch, type RaisedAlert } from './evaluate.ts';
import { ingestDemoScenarios } from './demo-scenarios.ts';
import { insertAlerts, loadThresholds, writeStates } from './ingest.ts';
import type { CardState, MerchantState } from './rule-state.ts';

export const REPLAY_PAGE = 5_000;

/** Replays transactions created at or after `since`; answers the rows read and the alerts raised. */
export async function replayRisk(database: Database, since: Date, at: Date): Promise<{ rows: number; alerts: number }> {
  const [thresholds, bins] = await Promise.all([loadThresholds(database.query), loadBinTable(database.query)]);
  const states = new Map<string, MerchantState | CardState>();
  const alerts: RaisedAlert[] = [];
  let rows = 0;
  let after: { at: Date; id: number } | null = null;
  for (;;) {
    const page: Record<string, unknown>[] = await database.query<Record<string, unknown>>(
      `SELECT id, created_at, status, txn_type, preauth_op, round(amount * 100)::bigint AS sen, currency, masked_pan, issuer_country, client_ip,
          master_merchant_id, agency_id, agent_id, merchant_id, branch_id
       FROM transactions WHERE created_at >= $1 ${after ? 'AND (created_at, id) > ($3, $4)' : ''} ORDER BY created_at, id LIMIT $2`,
      after ? [since, REPLAY_PAGE, after.at, after.id] : [since, REPLAY_PAGE],
    );
    if (!page.length) break;
    rows += page.length;
    alerts.push(
      ...evaluateBatch(
        page.map((t) => ({
          id: Number(t.id), at: new Date(t.created_at as string).getTime(), status: String(t.status), txnType: String(t.txn_type), preauthOp: (t.preauth_op as string | null) ?? null,
          amountSen: Number(t.sen), currency: String(t.currency), maskedPan: (t.masked_pan as string | null) ?? null, clientIp: (t.client_ip as string | null) ?? null,
          foreignCard: isForeignCard(bins, (t.masked_pan as string | null) ?? null, (t.issuer_country as string | null) ?? null), foreignIp: isForeignIp((t.client_ip as string | null) ?? null),
          masterMerchantId: Number(t.master_merchant_id), agencyId: Number(t.agency_id), agentId: Number(t.agent_id), merchantId: Number(t.merchant_id),
          branchId: t.branch_id === null ? null : Number(t.branch_id),
        })),
        states,
        thresholds,
      ),
    );
    const last = page[page.length - 1]!;
    after = { at: new Date(last.created_at as string), id: Number(last.id) };
    if (page.length < REPLAY_PAGE) break;
  }
  const created = await database.transaction(async (q) => {
    await writeStates(q, states, at);
    return insertAlerts(q, alerts, at);
  });
  return { rows, alerts: created };
}

/** Days of demo transactions the demo seed runs the rules over (main.ts, seed CLI). */
export const DEMO_RISK_REPLAY_DAYS = 3;

/**
 * The demo seed's risk data: the rules over the last DEMO_RISK_REPLAY_DAYS days before `now`, then
 * the demo scenarios through ingest (demo-scenarios.ts), logged through `log`.
 */
export async function replayDemoRisk(database: Database, now: Date, log: (m: string) => void): Promise<void> {
  const started = Date.now();
  const r = await replayRisk(database, new Date(now.getTime() - DEMO_RISK_REPLAY_DAYS * 86_400_000), now);
  const scenarios = await ingestDemoScenarios(database, now);
  log(`risk rules over the last ${DEMO_RISK_REPLAY_DAYS} days: ${r.rows} transactions, ${r.alerts} alerts; demo scenarios: ${scenarios} alerts (${Date.now() - started} ms)`);
}
