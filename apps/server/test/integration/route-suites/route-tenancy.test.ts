/**
 * The generated cross-tenant suite, over the route table:
 *  - every route that takes an id (`idOf`: path `:Id`, body `Id`, or `MembershipId`) is called by
 *    each non-platform group type with the id of a record of ANOTHER tenant (a record under
 *    another master merchant, another user's membership, a group of a higher type): the answer is
 *    a refusal and the record is unchanged afterwards, while the SUPERADMIN reads the same id;
 *  - every scoped list and export answers only rows inside the caller's subtree;
 *  - every list-shaped route of the table declares its tenancy (RouteDef.tenancy: platform
 *    reference data or a scoped kind, read from the declaration), so a new list cannot land unchecked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import {
  LIST_REPORTS, openResponse, PROFILE_SEGMENT_KEYS, PROFILE_SEGMENT_LEVELS, PROFILE_SEGMENTS, REPORT_LABELS, RESOURCES, SUMMARY_REPORTS, summaryApi,
  type RouteDef,
} from '@paydesk/contract';
import { DATABASES } from '../harness.ts';
import type { LogSource } from '@paydesk/domain';
import { ensureLogPartitions } from '../../../src/platform/log-partitions.ts';
import { DEMO_INGEST_KEYS, seedDemoIngestKeys } from '../../../src/seed/demo-ingest-keys.ts';
import { SAMPLES } from '../resource-samples.ts';
import { headerOf, sheetColumns } from '../../../src/engine/sheet-columns.ts';
import { exampleOf, unwrap } from './hostile.ts';
import { GROUP_TYPES, sendRoute, startSuite, type GroupType, type Suite, type SuiteUser } from './fixture.ts';

/**
 * How the rows of a report source are checked: its table (every source carries the
 * transactions' owner columns) and the export column that names a row there — the label of the
 * column in the CSV header, and the table column it holds. A terminal belongs to one outlet, so a
 * batch's TID names its owner as a reference names a transaction's.
 */
const REPORT_SOURCE_KEYS: Record<string, { table: string; exportLabel: string; exportColumn: string }> = {
  transactions: { table: 'transactions', exportLabel: 'txn.txnRefNoShort', exportColumn: 'txn_ref_no' },
  terminal_settlement_batches: { table: 'terminal_settlement_batches', exportLabel: 'detail.tid', exportColumn: 'tid' },
  // A refund request carries its transaction's reference and owner columns.
  refund_requests: { table: 'refund_requests', exportLabel: 'txn.txnRefNoShort', exportColumn: 'txn_ref_no' },
  // A risk alert by its number; the transactions that raised alerts by their reference.
  risk_alerts: { table: 'risk_alerts', exportLabel: 'risk.alertId', exportColumn: 'id' },
  risk_alert_transactions: { table: 'risk_alert_transactions', exportLabel: 'txn.txnRefNoShort', exportColumn: 'txn_ref_no' },
  // A payout by its number (branch_id null: the merchant HQ is its owner).
  payouts: { table: 'payouts', exportLabel: 'payout.id', exportColumn: 'id' },
  // An unattended terminal's cash event by its number.
  unattended_cash_events: { table: 'unattended_cash_events', exportLabel: 'cash.eventId', exportColumn: 'id' },
};
/** The source of a report route (by its report's name). */
const reportSourceOf = (route: RouteDef & { report?: { name: string } }) => {
  const def = LIST_REPORTS.find((d) => d.name === route.report?.name);
  const keys = def && REPORT_SOURCE_KEYS[def.source];
  if (def && !keys) throw new Error(`report source ${def.source} has no row keys in the cross-tenant suite`);
  return keys;
};

/** Whether a response schema is list-shaped (an array, or an object with an array field). */
function isList(route: RouteDef): boolean {
  if (!route.response) return Boolean(route.file);
  const d = (unwrap(route.response) as unknown as { _zod: { def: { type: string; shape?: Record<string, unknown> } } })._zod.def;
  if (d.type === 'array') return true;
  return Object.values(d.shape ?? {}).some((v) => (unwrap(v as never) as unknown as { _zod: { def: { type: string } } })._zod.def.type === 'array');
}

const NON_PLATFORM = GROUP_TYPES.filter((g) => g !== 'SUPERADMIN');

describe.each(DATABASES)('generated cross-tenant suite on %s', (kind) => {
  let suite: Suite;
  /** A foreign organization of each level: under the last master merchant, outside every demo user's subtree. */
  const foreignOrgs = new Map<string, number[]>();
  const q = <T,>(sql: string, params?: unknown[]) => suite.s.database.query<T>(sql, params);

  beforeAll(async () => {
    suite = await startSuite(kind, 400);
    const [mm] = await q<{ path: string }>(`SELECT path FROM organizations WHERE level = 'MASTER_MERCHANT' ORDER BY id DESC LIMIT 1`);
    for (const u of NON_PLATFORM) if (suite.users[u].orgPath?.startsWith(mm!.path)) throw new Error(`${u} is inside the foreign master merchant`);
    const orgs = await q<{ id: number; level: string }>(`SELECT id, level FROM organizations WHERE path LIKE $1 ORDER BY id`, [`${mm!.path}%`]);
    for (const o of orgs) foreignOrgs.set(o.level, [...(foreignOrgs.get(o.level) ?? []), Number(o.id)]);
    // Each owned resource with a Create gets records in the foreign subtree, made by the platform (a
    // bulk-only one shares its table with one that has: the provider pages' rows are the bulk screen's).
    for (const def of RESOURCES.filter((d) => d.scope === 'owned' && d.actions.includes('create'))) {
      const levels = def.ownerLevels ?? ['MERCHANT_HQ'];
      const candidates = levels.flatMap((l) => foreignOrgs.get(l) ?? []);
      for (const [i, orgId] of candidates.slice(0, 2).entries()) await suite.users.SUPERADMIN.client.callPath('POST', `/api/portal/${def.name}/Create`, { ...SAMPLES[def.name]!.create(9000 + i), OrgId: orgId });
    }
  }, 300_000);
  afterAll(async () => suite?.close());

  /** The subtree test of an organization id for a user. */
  const inside = async (u: SuiteUser, orgIds: number[]): Promise<number[]> => {
    if (!orgIds.length) return [];
    const rows = await q<{ id: number }>(`SELECT id FROM organizations WHERE id = ANY($1::int[]) AND path NOT LIKE $2`, [orgIds, `${u.orgPath}%`]);
    return rows.map((r) => Number(r.id));
  };

  /**
   * Copies row `id` of `table` (an owned table: master merchant … branch columns) to the first
   * merchant HQ outside `u`'s subtree, with a new id and the `unique` columns `fresh` gives for
   * it, and returns the copy's id. The demo data depends on the day it is seeded: some days every
   * row of a rarer kind (BNPL, an admitted settlement batch) lies in this user's subtree.
   */
  async function copyOutside(u: SuiteUser, table: string, id: number, fresh: (next: number) => Record<string, unknown>): Promise<number> {
    const [m] = await q<{ path: string }>(`SELECT path FROM organizations WHERE level = 'MERCHANT_HQ' AND path NOT LIKE $1 ORDER BY id LIMIT 1`, [`${u.orgPath}%`]);
    if (!m) throw new Error(`no merchant HQ outside ${u.groupType}'s subtree`);
    const [mm, agency, agent, merchant] = m.path.split('/').filter(Boolean).map(Number);
    const [{ next } = { next: 0 }] = await q<{ next: number }>(`SELECT (max(id) + 1)::int AS next FROM ${table}`);
    const changes = { ...fresh(Number(next)), id: Number(next), master_merchant_id: mm, agency_id: agency, agent_id: agent, merchant_id: merchant, branch_id: null };
    const [copy] = await q<{ id: number }>(
      `INSERT INTO ${table} SELECT (jsonb_populate_record(NULL::${table}, to_jsonb(r) || $2::jsonb)).* FROM ${table} r WHERE r.id = $1 RETURNING id`,
      [id, JSON.stringify(changes)],
    );
    return Number(copy!.id);
  }

  /** Another tenant's record of `kind` for `u`, with the table holding it (null when the kind has no tenant). */
  async function foreignRecord(idKind: string, u: SuiteUser, route?: RouteDef & { report?: { name: string } }): Promise<{ id: number; table: string } | null> {
    if (idKind === 'transaction') {
      // A report's Get reads only the rows of its `where` (a service type, a terminal kind): the
      // foreign id must be one the platform can read through the same route, or the probe proves nothing.
      const report = LIST_REPORTS.find((d) => d.name === route?.report?.name);
      const where = Object.entries(report?.where ?? { service_type: 1 });
      const conds = where.map(([col], i) => `AND t.${col} = $${i + 2}`).join(' ');
      const [t] = await q<{ id: number }>(
        `SELECT t.id FROM transactions t JOIN organizations o ON o.id = coalesce(t.branch_id, t.merchant_id) WHERE o.path NOT LIKE $1 ${conds} ORDER BY t.id LIMIT 1`,
        [`${u.orgPath}%`, ...where.map(([, v]) => v)],
      );
      if (t) return { id: Number(t.id), table: 'transactions' };
      const [own] = await q<{ id: number }>(`SELECT t.id FROM transactions t WHERE true ${conds.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) - 1}`)} ORDER BY t.id LIMIT 1`, where.map(([, v]) => v));
      // None of the kind at all (the suite seeds 300 transactions: some days hold no terminal BNPL
      // sale): any transaction, copied as one of the kind (the report's `where` values), serves.
      const [model] = own ? [own] : await q<{ id: number }>(`SELECT id FROM transactions ORDER BY id LIMIT 1`);
      if (!model) throw new Error('no transaction at all to copy');
      // A new reference keeps transactions_ref_uq: 'PD9' and the new id (demo references are PD + 16 digits from a smaller range).
      const copy = await copyOutside(u, 'transactions', Number(model.id), (next) => ({ ...Object.fromEntries(where), txn_ref_no: `PD9${String(next).padStart(15, '0')}` }));
      return { id: copy, table: 'transactions' };
    }
    if (idKind === 'settlementBatch') {
      // A batch of another tenant that the report's own `where` admits (card-settlement: closed batches only).
      const report = LIST_REPORTS.find((d) => d.name === route?.report?.name);
      const where = Object.entries(report?.where ?? {});
      const conds = where.map(([col], i) => `AND b.${col} = ANY($${i + 2}::text[])`).join(' ');
      const [b] = await q<{ id: number }>(
        `SELECT b.id FROM terminal_settlement_batches b JOIN organizations o ON o.id = coalesce(b.branch_id, b.merchant_id) WHERE o.path NOT LIKE $1 ${conds} ORDER BY b.id LIMIT 1`,
        [`${u.orgPath}%`, ...where.map(([, v]) => (Array.isArray(v) ? v.map(String) : [String(v)]))],
      );
      if (b) return { id: Number(b.id), table: 'terminal_settlement_batches' };
      const [own] = await q<{ id: number }>(
        `SELECT b.id FROM terminal_settlement_batches b WHERE true ${conds.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) - 1}`)} ORDER BY b.id LIMIT 1`,
        where.map(([, v]) => (Array.isArray(v) ? v.map(String) : [String(v)])),
      );
      if (!own) throw new Error(`no ${report?.name ?? 'settlement'} batch at all to copy outside ${u.groupType}'s subtree`);
      // A new TID keeps the batch key unique.
      return { id: await copyOutside(u, 'terminal_settlement_batches', Number(own.id), (next) => ({ tid: `X${String(next).padStart(7, '0')}` })), table: 'terminal_settlement_batches' };
    }
    if (idKind === 'refundRequest') {
      const [r] = await q<{ id: number }>(
        `SELECT r.id FROM refund_requests r JOIN organizations o ON o.id = coalesce(r.branch_id, r.merchant_id) WHERE o.path NOT LIKE $1 AND r.status = 'PENDING' ORDER BY r.id LIMIT 1`,
        [`${u.orgPath}%`],
      );
      if (r) return { id: Number(r.id), table: 'refund_requests' };
      const [own] = await q<{ id: number }>(`SELECT id FROM refund_requests ORDER BY id LIMIT 1`);
      if (!own) {
        // A small seed may hold no request at all (the seed follows the clock): a decided one on a
        // foreign sale is made here; the probe only needs another tenant's id.
        const [made] = await q<{ id: number }>(
          `INSERT INTO refund_requests (transaction_id, txn_ref_no, service_type, amount, currency, reason_code, status, master_merchant_id, agency_id, agent_id, merchant_id, branch_id)
           SELECT t.id, t.txn_ref_no, t.service_type, t.amount, t.currency, 'RC', 'REFUNDED_ACK_FAIL', t.master_merchant_id, t.agency_id, t.agent_id, t.merchant_id, t.branch_id
           FROM transactions t JOIN organizations o ON o.id = coalesce(t.branch_id, t.merchant_id)
           WHERE o.path NOT LIKE $1 AND t.status = 'SUCCESS' AND t.service_type = 1 ORDER BY t.id LIMIT 1 RETURNING id`,
          [`${u.orgPath}%`],
        );
        if (!made) throw new Error('no successful e-commerce sale outside the subtree to request a refund of');
        return { id: Number(made.id), table: 'refund_requests' };
      }
      // A decided copy (one PENDING request per transaction); the probe only needs another tenant's id.
      return { id: await copyOutside(u, 'refund_requests', Number(own.id), (next) => ({ status: 'REFUNDED_ACK_FAIL', txn_ref_no: `PDX${String(next).padStart(15, '0')}` })), table: 'refund_requests' };
    }
    if (idKind === 'riskAlert' || idKind === 'riskAlertTransaction') {
      // An alert on another tenant's transaction (the demo seed raises none), and its evidence row.
      const [t] = await q<{ id: number }>(
        `SELECT t.id FROM transactions t JOIN organizations o ON o.id = coalesce(t.branch_id, t.merchant_id) WHERE o.path NOT LIKE $1 ORDER BY t.id LIMIT 1`,
        [`${u.orgPath}%`],
      );
      const [a] = await q<{ id: number }>(
        `INSERT INTO risk_alerts (rule_code, subject_kind, subject, subject_label, window_start, threshold, observed, currency, master_merchant_id, agency_id, agent_id, merchant_id, branch_id)
         SELECT 'SINGLE_LARGE_TXN', 'TRANSACTION', t.id::text, t.txn_ref_no, t.created_at, 1, t.amount, t.currency, t.master_merchant_id, t.agency_id, t.agent_id, t.merchant_id, t.branch_id
         FROM transactions t WHERE t.id = $1
         ON CONFLICT (rule_code, subject, window_start) DO UPDATE SET threshold = EXCLUDED.threshold RETURNING id`,
        [t!.id],
      );
      if (idKind === 'riskAlert') return { id: Number(a!.id), table: 'risk_alerts' };
      const [e] = await q<{ id: number }>(
        `INSERT INTO risk_alert_transactions (alert_id, transaction_id, rule_code, alerted_at, txn_ref_no, txn_created_at, service_type, payment_method, status, amount, currency,
           master_merchant_id, agency_id, agent_id, merchant_id, branch_id)
         SELECT $1, t.id, 'SINGLE_LARGE_TXN', now(), t.txn_ref_no, t.created_at, t.service_type, t.payment_method, t.status, t.amount, t.currency,
           t.master_merchant_id, t.agency_id, t.agent_id, t.merchant_id, t.branch_id FROM transactions t WHERE t.id = $2
         ON CONFLICT (alert_id, transaction_id) DO UPDATE SET status = EXCLUDED.status RETURNING id`,
        [a!.id, t!.id],
      );
      return { id: Number(e!.id), table: 'risk_alert_transactions' };
    }
    if (idKind === 'logFile') {
      // A terminal log file of another tenant's terminal, uploaded as a terminal uploads one (the
      // demo key of the log file source), so the platform reads it through the same route.
      await seedDemoIngestKeys(suite.s.database, suite.s.now());
      const [t] = await q<{ tid: string }>(`SELECT t.tid FROM terminals t JOIN organizations o ON o.id = t.org_id WHERE o.path NOT LIKE $1 ORDER BY t.id LIMIT 1`, [`${u.orgPath}%`]);
      const day = new Date(suite.s.now().getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
      const res = await fetch(`${suite.s.url}/api/otlp/v1/log-files?Tid=${t!.tid}&LogDate=${day}&FileName=tenancy-probe.log`, {
        method: 'POST',
        headers: { authorization: `Bearer ${DEMO_INGEST_KEYS.MASTER_TERMINAL}`, 'content-type': 'application/octet-stream' },
        body: `tenancy probe of ${u.groupType}\n`,
      });
      if (res.status !== 200) throw new Error(`log file upload for the cross-tenant probe answered ${res.status}: ${await res.text()}`);
      return { id: ((await res.json()) as { EntryId: number }).EntryId, table: 'log_entries' };
    }
    if (idKind === 'logEntry') {
      // An entry of the route's log source about another tenant's terminal (a log screen's Get
      // reads its own source only), in that source's partition of today.
      const source = String(LIST_REPORTS.find((d) => d.name === route?.report?.name)?.where.source ?? 'TERMINAL') as LogSource;
      await ensureLogPartitions(q, source, [new Date().toISOString().slice(0, 10)]);
      const [e] = await q<{ id: number }>(
        `INSERT INTO log_entries (at, source, level, message, tid, master_merchant_id, agency_id, agent_id, merchant_id, branch_id)
         SELECT now(), $2, 1, 'foreign terminal entry', coalesce(t.tid, '60999999'), t.master_merchant_id, t.agency_id, t.agent_id, t.merchant_id, t.branch_id
         FROM transactions t JOIN organizations o ON o.id = coalesce(t.branch_id, t.merchant_id) WHERE o.path NOT LIKE $1 ORDER BY t.id LIMIT 1 RETURNING id`,
        [`${u.orgPath}%`, source],
      );
      return { id: Number(e!.id), table: 'log_entries' };
    }
    if (idKind === 'payout') {
      // A payout of another tenant's merchant (the harness builds none): one day of its sales, on
      // a channel the route's report reads (the TPA reports read the acquirer channels only).
      const where = LIST_REPORTS.find((d) => d.name === route?.report?.name)?.where.channel;
      const channel = Array.isArray(where) ? String(where[0]) : 'DIRECT';
      const [p] = await q<{ id: number }>(
        `INSERT INTO payouts (channel, business_day, business_day_at, currency, sales_count, refund_count, gross, refunds, mdr, chargebacks, settlement_days, payout_date, state,
           master_merchant_id, agency_id, agent_id, merchant_id)
         SELECT $2, '2026-01-05', '2026-01-04T16:00:00Z', 'MYR', 1, 0, t.amount, 0, t.mdr_fee, 0, 1, '2026-01-06', 'SCHEDULED',
           t.master_merchant_id, t.agency_id, t.agent_id, t.merchant_id
         FROM transactions t JOIN organizations o ON o.id = t.merchant_id WHERE o.path NOT LIKE $1 ORDER BY t.id LIMIT 1
         ON CONFLICT (merchant_id, channel, currency, business_day) DO UPDATE SET updated_at = EXCLUDED.updated_at RETURNING id`,
        [`${u.orgPath}%`, channel],
      );
      return { id: Number(p!.id), table: 'payouts' };
    }
    if (idKind === 'cashEvent') {
      // A cash event of another tenant's terminal (the seed makes some under the last master
      // merchant, but a small seed may make none there): else one made at a foreign outlet (not a
      // copy: the amounts are generated columns, which an INSERT of a whole row may not set).
      const [e] = await q<{ id: number }>(
        `SELECT e.id FROM unattended_cash_events e JOIN organizations o ON o.id = coalesce(e.branch_id, e.merchant_id) WHERE o.path NOT LIKE $1 ORDER BY e.id LIMIT 1`,
        [`${u.orgPath}%`],
      );
      if (e) return { id: Number(e.id), table: 'unattended_cash_events' };
      const [made] = await q<{ id: number }>(
        `INSERT INTO unattended_cash_events (master_merchant_id, agency_id, agent_id, merchant_id, branch_id, tid, event_kind, occurred_at, note_10_in)
         SELECT t.master_merchant_id, t.agency_id, t.agent_id, t.merchant_id, t.branch_id, coalesce(t.tid, '60999999'), 'REFILL', t.created_at, 3
         FROM transactions t JOIN organizations o ON o.id = coalesce(t.branch_id, t.merchant_id) WHERE o.path NOT LIKE $1 ORDER BY t.id LIMIT 1 RETURNING id`,
        [`${u.orgPath}%`],
      );
      return { id: Number(made!.id), table: 'unattended_cash_events' };
    }
    // Settlement files and reconciliation items belong to the platform (module settlementreport):
    // no merchant-side group holds their permissions, and no tenant owns them.
    if (idKind === 'settlementFile' || idKind === 'reconItem' || idKind === 'reconDay') return null;
    // Bank payout batches are the platform's own payments to its merchants (payoutreport:batch is
    // platform-only): a batch spans many tenants' payouts and no tenant owns it.
    if (idKind === 'payoutBatch') return null;
    // Revenue Monster applications are prepared and decided by the platform's staff (module
    // tpaapplication, never held by a merchant-side group): no tenant acts on them.
    if (idKind === 'rmApplication') return null;
    // Zone master keys are shared between the platform and its acquirers (module zmk, platform-only):
    // no tenant owns one, and a caller outside the platform is answered NF404 for every key.
    if (idKind === 'zmk') return null;
    // Firmware images and rollouts are the platform's (module terminalfirmware, platform-only): no
    // tenant owns one, and a caller outside the platform is answered NF404 for every id.
    if (idKind === 'firmware' || idKind === 'firmwareRollout') return null;
    // Log ingest keys are the platform's (module logfiles, platform-only): no tenant owns one.
    if (idKind === 'logIngestKey') return null;
    if (idKind === 'merchantUpload') {
      // An upload made from another tenant's agency (the harness makes none).
      const [u2] = await q<{ id: number }>(
        `INSERT INTO merchant_uploads (org_id, uploaded_by_user_id, uploaded_by_email, file_name, status) SELECT o.id, 1, 'x@example.my', 'merchants.xlsx', 'FAILED'
         FROM organizations o WHERE o.level = 'AGENCY' AND o.path NOT LIKE $1 ORDER BY o.id LIMIT 1 RETURNING id`,
        [`${u.orgPath}%`],
      );
      return { id: Number(u2!.id), table: 'merchant_uploads' };
    }
    if (idKind === 'savedView') {
      // Another user's saved view (views are each user's own, whatever the subtree).
      const [v] = await q<{ id: number }>(
        `INSERT INTO saved_views (user_id, screen, name, query) SELECT x.id, '/transaction/ecommerce', 'Foreign view', 'status=SUCCESS' FROM users x WHERE lower(x.email) <> $1 ORDER BY x.id LIMIT 1
         ON CONFLICT (user_id, screen, name) DO UPDATE SET query = EXCLUDED.query RETURNING id`,
        [u.email],
      );
      return { id: Number(v!.id), table: 'saved_views' };
    }
    if (idKind === 'membership') {
      const [m] = await q<{ id: number }>(`SELECT m.id FROM memberships m JOIN users x ON x.id = m.user_id WHERE lower(x.email) <> $1 ORDER BY m.id LIMIT 1`, [u.email]);
      return { id: Number(m!.id), table: 'memberships' };
    }
    if (idKind === 'user') {
      // Another tenant's user: one whose memberships all lie outside the caller's subtree.
      const [x] = await q<{ id: number }>(
        `SELECT x.id FROM users x WHERE EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = x.id)
            AND NOT EXISTS (SELECT 1 FROM memberships m JOIN organizations o ON o.id = m.org_id WHERE m.user_id = x.id AND o.path LIKE $1)
          ORDER BY x.id LIMIT 1`,
        [`${u.orgPath}%`],
      );
      return { id: Number(x!.id), table: 'users' };
    }
    if (idKind === 'UserGroup') {
      const [g] = await q<{ id: number }>(`SELECT id FROM user_groups WHERE group_type = 'SUPERADMIN' ORDER BY id LIMIT 1`);
      return { id: Number(g!.id), table: 'user_groups' };
    }
    // A profile of a segment's levels outside the subtree, or one of its documents (uploaded by the platform once).
    const profile = /^(\w+)(Profile|Document)$/.exec(idKind);
    const segment = profile && PROFILE_SEGMENTS.find((seg) => PROFILE_SEGMENT_KEYS[seg] === profile[1]);
    if (profile && segment) {
      const [o] = await q<{ id: number }>(`SELECT id FROM organizations WHERE path NOT LIKE $1 AND level = ANY($2::text[]) ORDER BY id LIMIT 1`, [`${u.orgPath}%`, [...PROFILE_SEGMENT_LEVELS[segment]]]);
      if (!o) throw new Error(`no ${segment} profile outside ${u.groupType}'s subtree`);
      if (profile[2] === 'Profile') return { id: Number(o.id), table: 'organizations' };
      const [d] = await q<{ id: number }>(`SELECT id FROM org_documents WHERE org_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1`, [o.id]);
      if (d) return { id: Number(d.id), table: 'org_documents' };
      const form = new FormData();
      form.append('DocType', 'SSM_CERTIFICATE');
      form.append('file', new Blob([new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' }), 'ssm.pdf');
      const made = await suite.users.SUPERADMIN.client.callPath<{ Id: number }>('POST', `/api/portal/${segment}/Profile/${o.id}/Document`, form);
      return { id: made.Id, table: 'org_documents' };
    }
    const def = RESOURCES.find((d) => d.name === idKind);
    if (!def) throw new Error(`route idOf '${idKind}' has no sampler in the cross-tenant suite`);
    if (def.scope === 'platform') return null;
    // Resources sharing a table each serve their own owner levels (the organization configurations)
    // or their own fixed values (the provider pages: one provider's rows each).
    const fixed = Object.entries(def.fixed ?? {});
    const [r] = await q<{ id: number }>(
      `SELECT r.id FROM ${def.table} r JOIN organizations o ON o.id = r.org_id WHERE o.path NOT LIKE $1 AND ($2::text[] IS NULL OR o.level = ANY($2::text[]))
         ${fixed.map(([c], i) => `AND r.${c} = $${i + 3}`).join(' ')} ORDER BY r.id LIMIT 1`,
      [`${u.orgPath}%`, def.ownerLevels ?? null, ...fixed.map(([, v]) => v)],
    );
    if (!r) throw new Error(`no foreign ${def.name} record for ${u.groupType}`);
    return { id: Number(r.id), table: def.table };
  }

  const snapshot = async (table: string, id: number) => JSON.stringify((await q(`SELECT to_jsonb(r) AS j FROM ${table} r WHERE r.id = $1`, [id]))[0] ?? null);

  it("refuses every id-taking route another tenant's id, for every non-platform group type, and changes nothing", async () => {
    const { users, routes } = suite;
    const leaks: string[] = [];
    let attempts = 0;
    for (const [name, route] of routes.filter(([, r]) => r.idOf)) {
      for (const g of NON_PLATFORM) {
        const u = users[g];
        const foreign = await foreignRecord(route.idOf!, u, route);
        if (!foreign) continue; // platform reference data: no tenant boundary, the permission decides (authorization suite)
        const before = await snapshot(foreign.table, foreign.id);
        const version = JSON.parse(before)?.version ?? 1;
        const sample = route.resource && SAMPLES[route.resource.name];
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : { ...(route.body ? (exampleOf(route.body) as object) : {}), ...(route.resource?.op === 'Update' ? sample?.update : {}), ...(route.idOf === 'membership' ? { MembershipId: foreign.id } : { Id: foreign.id, Version: version }) };
        const a = await sendRoute(u.client, route, { params: { Id: String(foreign.id) }, body });
        attempts++;
        if (a.status < 400 || a.violation) leaks.push(`${name} as ${g} on ${route.idOf} ${foreign.id}: ${a.status} ${a.violation ?? ''}`);
        if ((await snapshot(foreign.table, foreign.id)) !== before) leaks.push(`${name} as ${g} changed ${route.idOf} ${foreign.id}`);
        if (route.method === 'GET') {
          const own = await sendRoute(users.SUPERADMIN.client, route, { params: { Id: String(foreign.id) } });
          if (own.status !== 200) leaks.push(`${name}: the platform cannot read ${route.idOf} ${foreign.id} either (${own.status}), so the probe proves nothing`);
        }
      }
    }
    console.log(`cross-tenant ids on ${kind}: ${attempts} attempts over ${routes.filter(([, r]) => r.idOf).length} id-taking routes × ${NON_PLATFORM.length} group types; ${leaks.length} leaks`);
    expect(attempts).toBeGreaterThan(0);
    expect(leaks).toEqual([]);
  }, 600_000);

  it('answers every scoped list and export with rows of the caller subtree only', async () => {
    const { users, routes } = suite;
    const leaks: string[] = [];
    let rowsChecked = 0;
    // Every list-shaped route declares what its rows are (generated routes by their engine).
    const unclassified = routes.filter(([, r]) => isList(r) && !r.tenancy).map(([n]) => n);
    for (const [name, route] of routes) {
      const t = route.tenancy;
      const scoped = t === 'orgOwned' ? 'owned' : t === 'organization' || t === 'transaction' || t === 'user' ? t : null;
      // The dashboard's figures are over the caller's transactions but hold no rows with ids to check.
      if (!scoped || name === 'dashboard') continue;
      for (const g of NON_PLATFORM) {
        const u: SuiteUser = users[g as GroupType];
        if (route.permission && !u.permissions.has(route.permission)) continue;
        const body = route.file ? { ...(exampleOf(route.body!) as object), Format: 'csv' } : route.body ? exampleOf(route.body) : undefined;
        const listBody = scoped === 'user' ? { PageIndex: 1, RowsPerPage: 999, SearchData: {} } : route.resource?.op === 'Search' ? { RowsPerPage: 999 } : 'report' in route ? (route.file ? { Format: 'csv' } : { RowsPerPage: 200 }) : body;
        const res = await u.client.sendTo({ method: route.method, encrypted: route.encrypted }, route.path, { body: listBody });
        if (!res.ok) {
          leaks.push(`${name} as ${g}: ${res.status}`);
          continue;
        }
        let ids: number[] = [];
        if (route.file) {
          // Parsed as CSV: names before the key column may hold commas (quoted).
          const [header = [], ...records] = parse(await res.text(), { bom: true }) as string[][];
          // Exports head their columns with labels; a transaction report's reference column is 'Reference no.' in English.
          const source = reportSourceOf(route) ?? REPORT_SOURCE_KEYS.transactions!;
          // A resource file names each row's owner (no internal ids); a report file its reference.
          const ownerColumn = scoped === 'owned' ? sheetColumns(RESOURCES.find((d) => d.name === route.resource!.name)!).find((c) => c.key === 'OrgName') : undefined;
          const col = header.indexOf(ownerColumn ? headerOf(ownerColumn, 'en') : REPORT_LABELS.en[source.exportLabel]!);
          if (col < 0) leaks.push(`${name} as ${g}: no owner or reference column in the export header to check rows by`);
          const keys = records.map((r) => r[col]!);
          if (scoped === 'owned') {
            // An owner name may repeat across tenants: the row leaks when no organization of that name is in the subtree.
            const named = await q<{ id: number; name: string }>(`SELECT id, name FROM organizations WHERE name = ANY($1::text[])`, [keys]);
            const out = new Set(await inside(u, named.map((r) => Number(r.id))));
            ids = keys.flatMap((k) => {
              const candidates = named.filter((r) => r.name === k).map((r) => Number(r.id));
              if (!candidates.length) leaks.push(`${name} as ${g}: owner '${k}' names no organization`);
              return candidates.length ? [candidates.find((i) => !out.has(i)) ?? candidates[0]!] : [];
            });
          } else ids = (await q<{ o: number }>(`SELECT coalesce(branch_id, merchant_id) AS o FROM ${source.table} WHERE ${source.exportColumn}::text = ANY($1::text[])`, [keys])).map((r) => Number(r.o));
        } else {
          const text = await res.text();
          const data = (route.encrypted ? await openResponse(u.client.keys!, route.path, text) : JSON.parse(text)) as { Items?: { Id: number; OrgId?: number }[]; Rows?: { Id: number }[] } | { Id: number }[];
          // Lists answer Items (resources, §7 lists) or Rows (the profile lists).
          const items = Array.isArray(data) ? data : (data.Items ?? data.Rows ?? []);
          if (scoped === 'user') {
            // Every user answered shows at least one membership, and every membership shown is of the subtree.
            const members = items as unknown as { Id: number; Memberships: { CompanyId: number | null }[] }[];
            for (const m of members.filter((x) => x.Memberships.length === 0 || x.Memberships.some((ms) => ms.CompanyId === null))) leaks.push(`${name} as ${g}: user ${m.Id} shown without a membership of the subtree`);
          }
          ids =
            scoped === 'user'
              ? (items as unknown as { Memberships: { CompanyId: number | null }[] }[]).flatMap((x) => x.Memberships.map((ms) => Number(ms.CompanyId)))
              : scoped === 'owned'
              ? items.map((i) => Number((i as unknown as { OrgId: number }).OrgId))
              : scoped === 'transaction'
                ? (await q<{ o: number }>(`SELECT coalesce(branch_id, merchant_id) AS o FROM ${(reportSourceOf(route) ?? REPORT_SOURCE_KEYS.transactions!).table} WHERE id = ANY($1::bigint[])`, [items.map((i) => i.Id)])).map((r) => Number(r.o))
                : items.map((i) => Number(i.Id));
        }
        rowsChecked += ids.length;
        const outside = await inside(u, ids);
        if (outside.length) leaks.push(`${name} as ${g}: ${outside.length} rows of organizations outside the subtree (${outside.slice(0, 5).join(', ')})`);
      }
    }
    console.log(`cross-tenant lists on ${kind}: ${rowsChecked} rows checked; ${leaks.length} leaks; ${unclassified.length} unclassified list routes`);
    expect(unclassified).toEqual([]);
    expect(rowsChecked).toBeGreaterThan(0);
    expect(leaks).toEqual([]);
  }, 600_000);

  it('answers every sales report (summary report) with groups of the caller subtree only, and refuses a foreign org filter', async () => {
    const { users } = suite;
    const leaks: string[] = [];
    let groupsChecked = 0;
    const now = suite.s.now().getTime();
    const SearchData = { DateFrom: new Date(now - 1000 * 86_400_000).toISOString(), DateTo: new Date(now + 86_400_000).toISOString() };
    const foreignMerchant = foreignOrgs.get('MERCHANT_HQ')?.[0];
    if (!foreignMerchant) throw new Error('no foreign merchant');
    for (const def of SUMMARY_REPORTS) {
      const orgDim = def.dimensions.find((d) => d.kind === 'org');
      for (const g of NON_PLATFORM) {
        const u = users[g];
        if (!u.permissions.has(def.permission)) continue;
        const api = summaryApi(u.client, def);
        const answer = await api.summary({ SearchData, Period: 'month', GroupBy: orgDim?.key ?? null });
        const ids = answer.Rows.flatMap((r) => (r.Group === null ? [] : [Number(r.Group)]));
        groupsChecked += ids.length;
        const outside = await inside(u, ids);
        if (outside.length) leaks.push(`${def.name} as ${g}: groups of organizations outside the subtree (${outside.slice(0, 5).join(', ')})`);
        const refused = await api.summary({ SearchData: { ...SearchData, MerchantId: foreignMerchant }, Period: 'month' }).then(() => null, (e: { status?: number }) => e.status ?? 0);
        if (refused === null || refused >= 500) leaks.push(`${def.name} as ${g}: a foreign MerchantId answered ${refused ?? 200}`);
      }
    }
    console.log(`cross-tenant sales reports on ${kind}: ${groupsChecked} groups checked; ${leaks.length} leaks`);
    expect(groupsChecked).toBeGreaterThan(0);
    expect(leaks).toEqual([]);
  }, 600_000);
});
