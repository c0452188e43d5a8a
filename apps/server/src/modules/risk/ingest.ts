/**
 * Transaction ingest with the §9 risk rules: a batch of new transactions is
 * written and, when the rules are on, evaluated in the same database transaction —
 *  1. one evaluator at a time (a transaction-scoped advisory lock: the states are read, changed
 *     and written back, so two batches must not interleave);
 *  2. the rows go in with one unnest INSERT (the summary triggers keep the sales figures);
 *  3. the states of the batch's subjects (its merchant HQs, cards and IPs) are read in one query,
 *     the batch is evaluated in memory (evaluate.ts), the states are written back in one upsert;
 *  4. the alerts go in with ON CONFLICT DO NOTHING on (rule, subject, window): a crossing raises
 *     exactly one alert even if a batch is replayed; each with its evidence transactions.
 * All or nothing: a failure leaves no row, no state change and no alert.
 *
 * Before anything is written, the batch's merchants are checked: a transaction
 * of a merchant HQ or branch whose onboarding status is not VERIFIED (or of a branch whose HQ is
 * not) refuses the whole batch (UnverifiedMerchantError). Only organizations on file are judged:
 * an id with no organization row is not an onboarding question (the risk rule tests ingest
 * synthetic merchant ids).
 */
import type { RiskAlertRule } from '@paydesk/domain';
import { RISK_THRESHOLD_KINDS } from '@paydesk/contract';
import type { Database, Query } from '../../db/client.ts';
import { insertTransactions, type GenTxn } from '../../transactions/insert.ts';
import { isForeignCard, isForeignIp, loadBinTable } from './classify.ts';
import { evaluateBatch, type RaisedAlert, type RiskThresholds, type RiskTxn } from './evaluate.ts';
import type { CardState, MerchantState } from './rule-state.ts';

/** The advisory lock key of the risk evaluator ("RISK" in ASCII). */
const RISK_LOCK = 0x5249534b;

/** The active rules' thresholds in evaluate.ts's units (amounts in sen). */
export async function loadThresholds(q: Query): Promise<RiskThresholds> {
  const rows = await q<{ rule_code: RiskAlertRule; threshold: string }>(`SELECT rule_code, threshold::text AS threshold FROM risk_parameters WHERE is_active = 1`);
  const out = new Map<RiskAlertRule, number>();
  for (const r of rows) {
    const kind = RISK_THRESHOLD_KINDS[r.rule_code];
    if (!kind) continue;
    out.set(r.rule_code, kind === 'AMOUNT' ? Math.round(Number(r.threshold) * 100) : Number(r.threshold));
  }
  return out;
}

const toSen = (amount: string) => Math.round(Number(amount) * 100);

/** Reads the states of `keys` ('KIND:subject'). */
async function readStates(q: Query, keys: string[]): Promise<Map<string, MerchantState | CardState>> {
  const kinds = keys.map((k) => k.slice(0, k.indexOf(':')));
  const subjects = keys.map((k) => k.slice(k.indexOf(':') + 1));
  const rows = await q<{ kind: string; subject: string; state: MerchantState | CardState }>(
    `SELECT s.kind, s.subject, s.state FROM risk_state s JOIN unnest($1::text[], $2::text[]) AS k(kind, subject) ON s.kind = k.kind AND s.subject = k.subject`,
    [kinds, subjects],
  );
  return new Map(rows.map((r) => [`${r.kind}:${r.subject}`, typeof r.state === 'string' ? JSON.parse(r.state) : r.state]));
}

/** Writes `states` back (one upsert). */
export async function writeStates(q: Query, states: Map<string, MerchantState | CardState>, at: Date): Promise<void> {
  const keys = [...states.keys()];
  if (!keys.length) return;
  await q(
    `INSERT INTO risk_state (kind, subject, state, updated_at)
     SELECT kind, subject, state::jsonb, $4 FROM unnest($1::text[], $2::text[], $3::text[]) AS k(kind, subject, state)
     ON CONFLICT (kind, subject) DO UPDATE SET state = EXCLUDED.state, updated_at = EXCLUDED.updated_at`,
    [keys.map((k) => k.slice(0, k.indexOf(':'))), keys.map((k) => k.slice(k.indexOf(':') + 1)), keys.map((k) => JSON.stringify(states.get(k))), at],
  );
}

/**
 * The subject as the desk names it, fixed when the alert is raised (risk_alerts.subject_label):
 * a merchant by its name (the alert's merchant HQ `m`: a merchant subject is its id, with the
 * currency for the amount limits), a single transaction by its reference; a card (already masked:
 * first 6 + last 4) and an IP address are their own names. SQL over the columns `kind`, `subject`, `m`.
 */
const SUBJECT_LABEL_SQL = `CASE kind
       WHEN 'MERCHANT' THEN coalesce((SELECT o.name FROM organizations o WHERE o.id = m), subject)
       WHEN 'TRANSACTION' THEN coalesce((SELECT t.txn_ref_no FROM transactions t WHERE t.id = subject::bigint), subject)
       ELSE subject END`;

/**
 * Inserts `alerts` (one per rule, subject and window; an existing one is kept) with their
 * evidence; answers how many are new. Shared with the scheduled inactivity check.
 */
export async function insertAlerts(q: Query, alerts: readonly RaisedAlert[], at: Date): Promise<number> {
  if (!alerts.length) return 0;
  const col = <T,>(f: (a: RaisedAlert) => T) => alerts.map(f);
  const created = await q<{ id: number }>(
    `INSERT INTO risk_alerts (rule_code, subject_kind, subject, subject_label, window_start, threshold, observed, currency, master_merchant_id, agency_id, agent_id, merchant_id, branch_id, created_at, updated_at)
     SELECT rule, kind, subject, ${SUBJECT_LABEL_SQL}, to_timestamp(win / 1000.0), thr::numeric, obs::numeric, cur, mm, ag, agt, m, br, $13, $13
     FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::text[], $6::text[], $7::text[], $8::int[], $9::int[], $10::int[], $11::int[], $12::int[]) WITH ORDINALITY
       AS a(rule, kind, subject, win, thr, obs, cur, mm, ag, agt, m, br, ord)
     ORDER BY ord
     ON CONFLICT (rule_code, subject, window_start) DO NOTHING
     RETURNING id`,
    [
      col((a) => a.rule), col((a) => a.subjectKind), col((a) => a.subject), col((a) => a.windowStart), col((a) => a.threshold), col((a) => a.observed),
      col((a) => a.currency), col((a) => a.masterMerchantId), col((a) => a.agencyId), col((a) => a.agentId), col((a) => a.merchantId), col((a) => a.branchId), at,
    ],
  );
  if (!created.length) return 0;
  // Evidence: matched back by the alert's key (RETURNING does not carry the input's position), with
  // the transaction's fields /risk-transaction lists.
  await q(
    `INSERT INTO risk_alert_transactions (alert_id, transaction_id, rule_code, alerted_at, txn_ref_no, txn_created_at, service_type, payment_method,
        masked_pan, client_ip, status, amount, currency, master_merchant_id, agency_id, agent_id, merchant_id, branch_id)
     SELECT DISTINCT ON (r.id, t.id) r.id, t.id, r.rule_code, r.created_at, t.txn_ref_no, t.created_at, t.service_type, t.payment_method,
        t.masked_pan, t.client_ip, t.status, t.amount, t.currency, t.master_merchant_id, t.agency_id, t.agent_id, t.merchant_id, t.branch_id
     FROM unnest($1::text[], $2::text[], $3::float8[], $4::text[]) AS k(rule, subject, win, ids)
       JOIN risk_alerts r ON r.rule_code = k.rule AND r.subject = k.subject AND r.window_start = to_timestamp(k.win / 1000.0) AND r.id = ANY($5::bigint[])
       CROSS JOIN LATERAL unnest(k.ids::bigint[]) AS e(txn)
       JOIN transactions t ON t.id = e.txn
     ON CONFLICT (alert_id, transaction_id) DO NOTHING`,
    [col((a) => a.rule), col((a) => a.subject), col((a) => a.windowStart), col((a) => `{${a.txnIds.join(',')}}`), created.map((c) => c.id)],
  );
  return created.length;
}

/** A batch refused because it holds transactions of merchants not VERIFIED. */
export class UnverifiedMerchantError extends Error {
  constructor(
    /** The merchant HQs and branches of the batch whose onboarding status is not VERIFIED, by id. */
    readonly orgs: readonly { id: number; status: string }[],
  ) {
    super(`transactions refused: merchant ${orgs.map((o) => `${o.id} (${o.status})`).join(', ')} is not VERIFIED`);
    this.name = 'UnverifiedMerchantError';
  }
}

/** Throws UnverifiedMerchantError when a merchant HQ or branch of `rows` is on file but not VERIFIED. */
async function refuseUnverifiedMerchants(q: Query, rows: readonly GenTxn[]): Promise<void> {
  const ids = [...new Set(rows.flatMap((r) => (r.branchId === null ? [r.merchantId] : [r.merchantId, r.branchId])))];
  const bad = await q<{ id: number; onboarding_status: string }>(
    `SELECT id, onboarding_status FROM organizations WHERE id = ANY($1::int[]) AND onboarding_status <> 'VERIFIED' ORDER BY id`,
    [ids],
  );
  if (bad.length) throw new UnverifiedMerchantError(bad.map((o) => ({ id: Number(o.id), status: o.onboarding_status })));
}

/** What one ingest did. */
export interface IngestResult {
  inserted: number;
  alerts: number;
}

/**
 * What `admit` may do, under the evaluator's lock and inside the write's database transaction:
 * drop rows already on file (the ingest API's idempotency, modules/txn-ingest/apply.ts) and
 * throw to write nothing. It answers the rows to write, their ids still 0: they are drawn from
 * the id sequence then.
 */
export type Admit = (q: Query, rows: readonly GenTxn[]) => Promise<GenTxn[]>;

/**
 * Writes `rows` (ids assigned by the caller, as the generator does, or by the sequence when
 * `admit` is given) and, with `rules` on, evaluates them (see the file comment). `at` stamps state
 * and alert rows (UTC). Throws UnverifiedMerchantError (a merchant not VERIFIED) or the database
 * error; nothing is written then.
 */
export async function ingestTransactions(database: Database, given: readonly GenTxn[], opts: { rules: boolean; at: Date; admit?: Admit }): Promise<IngestResult> {
  if (!given.length) return { inserted: 0, alerts: 0 };
  return database.transaction(async (q) => {
    await refuseUnverifiedMerchants(q, given);
    if (opts.rules || opts.admit) await q(`SELECT pg_advisory_xact_lock(${RISK_LOCK})`);
    let rows = given;
    if (opts.admit) {
      rows = await opts.admit(q, given);
      if (!rows.length) return { inserted: 0, alerts: 0 };
      const ids = await q<{ id: string }>(`SELECT nextval(pg_get_serial_sequence('transactions', 'id'))::text AS id FROM generate_series(1, $1::int)`, [rows.length]);
      rows.forEach((r, i) => (r.id = Number(ids[i]!.id)));
    }
    await insertTransactions(q, rows);
    // The ids came with the rows: the id sequence moves past them, so later inserts by default id never collide.
    await q(
      `SELECT setval(s, greatest($1::bigint, coalesce(pg_sequence_last_value(s::regclass), 1))) FROM pg_get_serial_sequence('transactions', 'id') AS s`,
      [Math.max(...rows.map((r) => r.id))],
    );
    if (!opts.rules) return { inserted: rows.length, alerts: 0 };
    const [thresholds, bins] = await Promise.all([loadThresholds(q), loadBinTable(q)]);
    const batch: RiskTxn[] = rows.map((t) => ({
      id: t.id, at: t.createdAt.getTime(), status: t.status, txnType: t.txnType, preauthOp: t.preauthOp, amountSen: toSen(t.amount), currency: t.currency,
      maskedPan: t.maskedPan, clientIp: t.clientIp, foreignCard: isForeignCard(bins, t.maskedPan, t.issuerCountry), foreignIp: isForeignIp(t.clientIp),
      masterMerchantId: t.masterMerchantId, agencyId: t.agencyId, agentId: t.agentId, merchantId: t.merchantId, branchId: t.branchId,
    }));
    const keys = new Set<string>();
    for (const t of batch) {
      keys.add(`MERCHANT:${t.merchantId}`);
      if (t.maskedPan) keys.add(`CARD:${t.maskedPan}`);
      if (t.clientIp) keys.add(`IP:${t.clientIp}`);
    }
    const states = await readStates(q, [...keys]);
    const alerts = evaluateBatch(batch, states, thresholds);
    await writeStates(q, states, opts.at);
    return { inserted: rows.length, alerts: await insertAlerts(q, alerts, opts.at) };
  });
}
