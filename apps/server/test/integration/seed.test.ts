/**
 * Reference data and demo seed on a real database: in-memory PGlite always, and a fresh
 * PostgreSQL database too when DATABASE_URL is set (created here, dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_TYPES, ORG_LEVELS, REFUND_STATUSES, defaultPermissions, detectCardScheme, type GroupType, type OrgLevel } from '@paydesk/domain';
import { verifyPassword } from '../../src/auth/password.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import type { Scope } from '../../src/platform/scope.ts';
import { REFERENCE_PAYOUT_HOLIDAYS } from '../../src/seed/config-data-b.ts';
import { CONFIG_TIME_EXCLUDED, CONFIG_TIME_WINDOWS } from '../../src/seed/config-times.ts';
import { readSummary } from '../../src/summaries/query.ts';
import { saleRowSql } from '../../src/summaries/sales.ts';
import { SUMMARY_TABLES, SUMMARY_TRIGGERS } from '../../src/summaries/rebuild.ts';
import { DEFAULT_DEMO_PASSWORD, DEMO_SIGN_INS, ensureReferenceData, seedDemo, type DemoSummary } from '../../src/seed/index.ts';
import { dropDatabaseWhenIdle } from './harness.ts';

const TXNS = 3000;
const SEED = 42;
const PASSWORD = 'Seed-Test-Password-1';
/** 12:30 MYT on a Sunday, so "today" has a morning of trade. */
const NOW = new Date('2026-03-15T04:30:00Z');
const TODAY_START_MYT = new Date('2026-03-14T16:00:00Z');

const count = async (database: Database, sql: string, params: unknown[] = []) =>
  Number((await database.query<{ n: number | string }>(sql, params))[0]?.n ?? 0);

/** What the seed wrote, for comparing two databases. */
async function fingerprint(database: Database) {
  const txns = await database.query<{ txn_ref_no: string; amount: string }>('SELECT txn_ref_no, amount FROM transactions ORDER BY id');
  const orgs = await database.query<{ path: string; name: string; mid: string | null }>('SELECT path, name, mid FROM organizations ORDER BY id');
  const refunds = await database.query<{ txn_ref_no: string; status: string }>('SELECT txn_ref_no, status FROM refund_requests ORDER BY id');
  // The demo's terminal rows (demo-terminals.ts), with the times config-times.ts gave them; credentials aside (sealed with a random IV).
  const terminals = await database.query('SELECT tid, org_id, serial_no, model, acquirer_id, mid, status, last_seen_at, firmware_version, created_at, updated_at FROM terminals ORDER BY id');
  const devices = await database.query('SELECT serial_no, model, imei, sim_iccid, sim_msisdn, status, notes, created_at FROM master_devices ORDER BY id');
  const content = await database.query(
    `SELECT (SELECT json_agg(a ORDER BY a.id) FROM (SELECT id, title, target, model, merchant_id, start_date, end_date, created_at FROM terminal_advertisements) a)::text AS ads,
            (SELECT json_agg(c ORDER BY c.id) FROM (SELECT id, provider, org_id, terminal_tid, provider_mid, provider_tid, service_mode, products FROM tpa_provider_configs) c)::text AS tpa`,
  );
  return { txns, orgs, refunds, terminals, devices, content };
}

const REFERENCE_COUNTS_SQL = `SELECT
  (SELECT count(*) FROM currencies)::int AS currencies,
  (SELECT count(*) FROM acquirers)::int AS acquirers,
  (SELECT count(*) FROM user_groups)::int AS groups,
  (SELECT count(*) FROM user_group_permissions)::int AS permissions`;

interface Target {
  kind: 'pglite' | 'postgres';
  open(): Promise<Database>;
  /** Drops whatever open() created. */
  cleanup(): Promise<void>;
}

const pgliteTarget = (): Target => ({ kind: 'pglite', open: () => openDatabase('memory://'), cleanup: async () => {} });

/** A fresh PostgreSQL database per open(), all dropped in cleanup(). */
function postgresTarget(adminUrl: string): Target {
  const created: string[] = [];
  const admin = async <T,>(fn: (c: pg.Client) => Promise<T>) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  return {
    kind: 'postgres',
    open: async () => {
      const name = `paydesk_seed_${randomBytes(5).toString('hex')}`;
      await admin((c) => c.query(`CREATE DATABASE ${name}`));
      created.push(name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return openDatabase(url.toString());
    },
    cleanup: async () => {
      for (const name of created) await admin((c) => dropDatabaseWhenIdle(c, name));
    },
  };
}

function seedSuite(target: Target) {
  describe(`demo seed on ${target.kind}`, () => {
    let database: Database;
    let summary: DemoSummary;
    const opened: Database[] = [];
    const open = async () => {
      const d = await target.open();
      opened.push(d);
      return d;
    };

    beforeAll(async () => {
      database = await open();
      summary = await seedDemo(database, { transactions: TXNS, seed: SEED, password: PASSWORD, now: NOW });
    });
    afterAll(async () => {
      for (const d of opened) await d.close().catch(() => undefined);
      await target.cleanup();
    });

    it('reports what it wrote', () => {
      expect(summary.organizations).toBe(1255);
      expect(summary.transactions).toBe(TXNS);
      expect(summary.users).toBeGreaterThanOrEqual(60);
      expect(summary.signIns).toEqual(DEMO_SIGN_INS.map((s) => ({ groupType: s.groupType, email: s.email })));
    });

    it('builds the hierarchy 3 / 12 / 40 / 400 / 800', async () => {
      const rows = await database.query<{ level: string; n: number }>('SELECT level, count(*)::int AS n FROM organizations GROUP BY level');
      expect(Object.fromEntries(rows.map((r) => [r.level, Number(r.n)]))).toEqual({
        MASTER_MERCHANT: 3,
        AGENCY: 12,
        AGENT: 40,
        MERCHANT_HQ: 400,
        MERCHANT_BRANCH: 800,
      });
      const perMaster = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM organizations WHERE level = 'AGENCY' GROUP BY parent_id`,
      );
      expect(perMaster.map((r) => Number(r.n))).toEqual([4, 4, 4]);
      const perHq = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM organizations WHERE level = 'MERCHANT_BRANCH' GROUP BY parent_id`);
      expect(perHq).toHaveLength(400);
      expect(perHq.every((r) => Number(r.n) === 2)).toBe(true);
    });

    it('gives every merchant a nature of business that the Nature of business screen holds', async () => {
      expect(await count(database, `SELECT count(*)::int AS n FROM organizations WHERE business_category IS NOT NULL`)).toBeGreaterThan(0);
      const orphans = await count(
        database,
        `SELECT count(*)::int AS n FROM organizations o WHERE o.business_category IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM business_categories b WHERE b.mcc = o.business_category)`,
      );
      expect(orphans).toBe(0);
    });

    it('gives every organization a materialized path ending with its own id under its parent', async () => {
      const orgs = await database.query<{ id: number; parent_id: number | null; level: string; path: string; mid: string | null; reg_no: string; postcode: string; phone: string }>(
        'SELECT id, parent_id, level, path, mid, reg_no, postcode, phone FROM organizations',
      );
      const byId = new Map(orgs.map((o) => [Number(o.id), o]));
      for (const o of orgs) {
        expect(o.path).toMatch(new RegExp(`^/(\\d+/)*${o.id}/$`));
        if (o.parent_id === null) {
          expect(o.level).toBe('MASTER_MERCHANT');
          expect(o.path).toBe(`/${o.id}/`);
        } else {
          const parent = byId.get(Number(o.parent_id))!;
          expect(o.path).toBe(`${parent.path}${o.id}/`);
          expect(ORG_LEVELS.indexOf(o.level as never)).toBe(ORG_LEVELS.indexOf(parent.level as never) + 1);
        }
        expect(o.reg_no).toMatch(/^(19|20)\d{2}0[134]\d{6}$/);
        expect(o.postcode).toMatch(/^\d{5}$/);
        expect(o.phone).toMatch(/^\+60(1[0-9]\d{7,8}|3\d{8}|[4-79]\d{7}|8[2-9]\d{6})$/);
      }
      const mids = orgs.filter((o) => o.level === 'MERCHANT_HQ' || o.level === 'MERCHANT_BRANCH').map((o) => o.mid);
      expect(mids.every((m) => m !== null && /^\d{15}$/.test(m))).toBe(true);
      expect(new Set(mids).size).toBe(1200);
    });

    it('stores only masked PANs whose scheme matches card_scheme', async () => {
      const rows = await database.query<{ masked_pan: string | null; pan_last4: string | null; card_scheme: string | null; payment_method: string }>(
        'SELECT masked_pan, pan_last4, card_scheme, payment_method FROM transactions',
      );
      const cards = rows.filter((r) => r.masked_pan !== null);
      expect(cards.length).toBeGreaterThan(TXNS / 3);
      for (const r of cards) {
        const pan = r.masked_pan!;
        expect(pan.replace(/\D/g, '').length).toBeLessThanOrEqual(10);
        expect(pan).toMatch(/^\d{6}\*{3,9}\d{4}$/);
        expect(r.pan_last4).toBe(pan.slice(-4));
        expect(detectCardScheme(pan)).toBe(r.card_scheme);
      }
      expect(rows.filter((r) => r.masked_pan === null).every((r) => r.card_scheme === null && r.pan_last4 === null)).toBe(true);
      const schemes = new Set(cards.map((r) => r.card_scheme));
      for (const s of ['VISA', 'MASTER', 'MAESTRO', 'UNIONPAY', 'AMEX', 'JCB']) expect(schemes).toContain(s);
    });

    it('puts no transaction, payment date or refund after now', async () => {
      expect(await count(database, 'SELECT count(*)::int AS n FROM transactions WHERE created_at > $1 OR updated_at > $1 OR payment_creation_date > $1', [NOW])).toBe(0);
      expect(await count(database, 'SELECT count(*)::int AS n FROM refund_requests WHERE created_at > $1 OR updated_at > $1', [NOW])).toBe(0);
      const oldest = await database.query<{ t: Date }>('SELECT min(created_at) AS t FROM transactions');
      expect(new Date(oldest[0]!.t).getTime()).toBeGreaterThanOrEqual(TODAY_START_MYT.getTime() - 89 * 86_400_000);
    });

    it('covers all six service types with plausible statuses, types and amounts', async () => {
      const types = await database.query<{ service_type: number; n: number }>('SELECT service_type, count(*)::int AS n FROM transactions GROUP BY 1 ORDER BY 1');
      expect(types.map((r) => Number(r.service_type))).toEqual([1, 2, 3, 4, 5, 6]);
      const statuses = await database.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM transactions GROUP BY 1');
      const share = Object.fromEntries(statuses.map((r) => [r.status, Number(r.n) / TXNS]));
      expect(share.SUCCESS).toBeGreaterThan(0.8);
      expect(share.FAILED).toBeGreaterThan(0.04);
      expect(Object.keys(share).sort()).toEqual(['FAILED', 'PENDING', 'SUCCESS', 'VOID']);
      expect(await count(database, `SELECT count(*)::int AS n FROM transactions WHERE status = 'VOID' AND txn_type NOT LIKE 'VOID%'`)).toBe(0);
      expect(await count(database, `SELECT count(*)::int AS n FROM transactions WHERE status = 'FAILED' AND (response_code IS NULL OR response_code = '00')`)).toBe(0);
      expect(
        await count(
          database,
          `SELECT count(*)::int AS n FROM transactions WHERE service_type = 4 AND (preauth_op, txn_type) NOT IN
             (('PREAUTH', 'PREAUTH'), ('CAPTURE', 'SALECOMPLETION'), ('CAPTURE', 'VOIDSALECOMPLETION'), ('PREAUTH_VOID', 'VOIDPREAUTH'), ('CAPTURE_VOID', 'VOIDSALECOMPLETION'))`,
        ),
      ).toBe(0);
      expect(await count(database, `SELECT count(*)::int AS n FROM transactions WHERE (tid IS NOT NULL) <> (service_type = 2)`)).toBe(0);
      // Batch messages (SETTLE, BATCHUPLOAD, SETTLETRAILER) carry no amount: their totals are the batch lines.
      expect(await count(database, `SELECT count(*)::int AS n FROM transactions WHERE txn_type NOT IN ('SETTLE', 'BATCHUPLOAD', 'SETTLETRAILER') AND (amount < 1 OR amount > 20000)`)).toBe(0);
      expect(await count(database, `SELECT count(*)::int AS n FROM transactions WHERE txn_type IN ('SETTLE', 'BATCHUPLOAD', 'SETTLETRAILER') AND amount <> 0`)).toBe(0);
      const refs = await database.query<{ txn_ref_no: string }>('SELECT txn_ref_no FROM transactions');
      expect(refs.every((r) => /^PD\d{16}$/.test(r.txn_ref_no))).toBe(true);
    });

    it('keeps the sales summaries equal to the raw transactions at every level, and the triggers back on', async () => {
      // One row per level: the level's totals must each equal the raw table's (summaries.test.ts
      // checks every grouping and filter; this checks the seed's bulk rebuild and trigger state).
      // Both tables hold all six levels (summaries/rebuild.ts DAILY_MAX_LEVEL).
      const levels = async () => {
        const [raw] = await database.query<{ n: number; a: string }>(`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS a FROM transactions WHERE ${saleRowSql()}`);
        const rows = await database.query<{ t: string; level: number; n: number; a: string }>(
          `SELECT t, level, sum(n)::int AS n, sum(a)::text AS a FROM (
             SELECT 'daily' AS t, level, pending_count + success_count + failed_count + void_count AS n,
               pending_amount + success_amount + failed_amount + void_amount AS a FROM sales_summary_daily
             UNION ALL
             SELECT 'monthly', level, pending_count + success_count + failed_count + void_count,
               pending_amount + success_amount + failed_amount + void_amount FROM sales_summary_monthly) s
           GROUP BY 1, 2 ORDER BY 1, 2`,
        );
        const want = (t: string, ls: number[]) => ls.map((level) => ({ t, level, n: Number(raw!.n), a: raw!.a }));
        return { raw: [...want('daily', [0, 1, 2, 3, 4, 5]), ...want('monthly', [0, 1, 2, 3, 4, 5])], sum: rows.map((r) => ({ t: r.t, level: Number(r.level), n: Number(r.n), a: r.a })) };
      };
      const before = await levels();
      expect(before.sum).toEqual(before.raw);
      // Sale rows only (saleRowSql): the holds, CAPTURE_VOID rows and batch messages are left out.
      const [all] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions');
      expect(all!.n).toBe(TXNS);
      expect(before.raw[0]!.n).toBeLessThan(TXNS);
      expect(before.raw[0]!.n).toBeGreaterThan(TXNS * 0.8);
      // The statement-level triggers are enabled again: a status change moves the summary with it.
      await database.query(`UPDATE transactions SET status = 'FAILED' WHERE id = (SELECT min(id) FROM transactions WHERE status = 'SUCCESS' AND ${saleRowSql()})`);
      const [failed] = await database.query<{ raw: number; sum: number }>(
        `SELECT (SELECT count(*)::int FROM transactions WHERE status = 'FAILED' AND ${saleRowSql()}) AS raw,
                (SELECT sum(failed_count)::int FROM sales_summary_monthly WHERE level = 0) AS sum`,
      );
      expect(Number(failed!.sum)).toBe(Number(failed!.raw));
      const triggers = await database.query<{ tgname: string; tgenabled: string }>(`SELECT tgname, tgenabled FROM pg_trigger WHERE tgname LIKE '%summary%' ORDER BY 1`);
      expect(triggers.map((t) => `${t.tgname}:${t.tgenabled}`)).toEqual(
        Object.values(SUMMARY_TRIGGERS).flat().sort().map((n) => `${n}:O`),
      );
      // And the secondary indexes dropped for the bulk load are all back.
      const indexes = await database.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename = 'transactions'`);
      expect(indexes.map((r) => r.indexname).sort()).toEqual(
        [
          'transactions_agency_idx', 'transactions_agent_idx', 'transactions_branch_idx', 'transactions_merchant_idx', 'transactions_mm_idx',
          'transactions_pkey', 'transactions_ref_uq', 'transactions_st_created_idx',
          'transactions_tid_batch_idx', 'transactions_term_kind_idx', 'transactions_original_idx',
          // The report engine's amount sort per scope level (transactions_ref_uq serves the TxnRefNo prefix).
          'transactions_st_amount_idx', 'transactions_mm_amount_idx', 'transactions_agency_amount_idx',
          'transactions_agent_amount_idx', 'transactions_merchant_amount_idx', 'transactions_branch_amount_idx',
          // The Last4 filter (one index for every scope level: migration last4_index).
          'transactions_last4_idx',
          // The resource engine's dependents probes (deleting a currency, bank or acquirer).
          'transactions_currency_idx', 'transactions_bank_code_idx', 'transactions_acquirer_idx',
          // The global search: a reference's tail and a customer's e-mail (migration global_search_indexes).
          'transactions_ref_reverse_idx', 'transactions_cust_email_idx',
        ].sort(),
      );
    });

    it('finds a TxnRefNo by equality and by every prefix through the one unique reference index', async () => {
      // Migration ref_index_merged: transactions_ref_uq (text_pattern_ops) serves =, LIKE 'p%' and uniqueness.
      const refs = await database.query<{ ref: string }>(`SELECT txn_ref_no AS ref FROM transactions ORDER BY id DESC LIMIT 3`);
      expect(refs.length).toBe(3);
      for (const { ref } of refs) {
        for (let len = 1; len <= ref.length; len++) {
          const prefix = ref.slice(0, len);
          const [byLike, byLeft] = await database.transaction(async (q) => {
            await q('SET LOCAL enable_seqscan = off');
            const plan = await q<Record<string, string>>(`EXPLAIN SELECT count(*) FROM transactions WHERE txn_ref_no LIKE $1`, [`${prefix}%`]);
            expect(plan.map((r) => Object.values(r)[0]).join('\n')).toContain('transactions_ref_uq');
            const [a] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM transactions WHERE txn_ref_no LIKE $1`, [`${prefix}%`]);
            const [b] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM transactions WHERE left(txn_ref_no, $2) = $1`, [prefix, len]);
            return [Number(a!.n), Number(b!.n)];
          });
          expect(byLike).toBe(byLeft);
        }
        const plan = await database.transaction(async (q) => {
          await q('SET LOCAL enable_seqscan = off');
          return q<Record<string, string>>(`EXPLAIN SELECT id FROM transactions WHERE txn_ref_no = $1`, [ref]);
        });
        expect(plan.map((r) => Object.values(r)[0]).join('\n')).toContain('transactions_ref_uq');
      }
    });

    it('chains every pre-auth operation to a successful, earlier PREAUTH of the same merchant, never capturing more', async () => {
      expect(await count(database, `SELECT count(DISTINCT preauth_op)::int AS n FROM transactions WHERE service_type = 4`)).toBe(4);
      const bad = await count(
        database,
        `SELECT count(*)::int AS n FROM transactions f LEFT JOIN transactions p ON p.id = f.original_txn_id
         WHERE f.service_type = 4 AND f.preauth_op <> 'PREAUTH'
           AND (p.id IS NULL OR p.preauth_op <> 'PREAUTH' OR p.status <> 'SUCCESS' OR p.merchant_id <> f.merchant_id
                OR p.created_at > f.created_at OR f.amount > p.amount)`,
      );
      expect(bad).toBe(0);
      expect(await count(database, `SELECT count(*)::int AS n FROM transactions WHERE (original_txn_id IS NULL) <> (coalesce(preauth_op, 'PREAUTH') = 'PREAUTH')`)).toBe(0);
      // A void ends the chain: at most one capture and one void per PREAUTH, never a capture after a PREAUTH_VOID.
      const chains = await database.query<{ ops: string }>(
        `SELECT string_agg(preauth_op, ',' ORDER BY created_at, id) AS ops FROM transactions WHERE original_txn_id IS NOT NULL GROUP BY original_txn_id`,
      );
      expect(chains.length).toBeGreaterThan(0);
      for (const c of chains) expect(['PREAUTH_VOID', 'CAPTURE', 'CAPTURE,CAPTURE_VOID']).toContain(c.ops);
      // A voided capture is one row (status VOID, VOIDSALECOMPLETION, no fee, updated at the void's
      // time) and exactly the captures with a CAPTURE_VOID are voided.
      const mismatched = await count(
        database,
        `SELECT count(*)::int AS n FROM transactions c LEFT JOIN transactions v ON v.original_txn_id = c.original_txn_id AND v.preauth_op = 'CAPTURE_VOID'
         WHERE c.preauth_op = 'CAPTURE' AND (CASE WHEN v.id IS NULL THEN (c.status, c.txn_type) <> ('SUCCESS', 'SALECOMPLETION')
           ELSE (c.status, c.txn_type, c.mdr_fee) <> ('VOID', 'VOIDSALECOMPLETION', 0) OR c.updated_at <> v.created_at OR v.status <> 'SUCCESS' END)`,
      );
      expect(mismatched).toBe(0);
    });

    it('links payment-link and recurring rows to their link or schedule, keys pay-by-card, and fills terminal fields per kind', async () => {
      const q = (where: string) => count(database, `SELECT count(*)::int AS n FROM transactions t WHERE ${where}`);
      expect(await q(`service_type = 3 AND NOT EXISTS (SELECT 1 FROM payment_links l WHERE l.id = t.payment_link_id AND l.merchant_id = t.merchant_id AND l.amount = t.amount)`)).toBe(0);
      expect(await q(`service_type <> 3 AND payment_link_id IS NOT NULL`)).toBe(0);
      expect(
        await q(`service_type = 6 AND NOT EXISTS (SELECT 1 FROM recurring_schedules s WHERE s.id = t.recurring_schedule_id AND s.merchant_id = t.merchant_id
                 AND t.recurring_cycle BETWEEN 1 AND s.cycles_done)`),
      ).toBe(0);
      expect(await q(`service_type <> 6 AND (recurring_schedule_id IS NOT NULL OR recurring_cycle IS NOT NULL)`)).toBe(0);
      expect(await q(`service_type = 5 AND entry_mode IS DISTINCT FROM 'KEYED'`)).toBe(0);
      expect(await q(`keyed_by_user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = t.keyed_by_user_id)`)).toBe(0);
      expect(await q(`(terminal_kind IS NOT NULL) <> (service_type = 2)`)).toBe(0);
      expect(await q(`terminal_kind = 'CARD' AND (batch_no IS NULL OR stan IS NULL OR rrn IS NULL)`)).toBe(0);
      expect(await q(`terminal_kind = 'CARD' AND txn_type NOT IN ('SETTLE', 'BATCHUPLOAD', 'SETTLETRAILER') AND entry_mode IS NULL`)).toBe(0);
      expect(await q(`terminal_kind IN ('EWALLET', 'BNPL') AND batch_no IS NOT NULL`)).toBe(0);
      expect(await q(`terminal_kind = 'EWALLET' AND wallet_provider IS NULL`)).toBe(0);
      expect(await q(`terminal_kind = 'BNPL' AND bnpl_provider IS NULL`)).toBe(0);
      const kinds = await database.query<{ k: string }>(`SELECT DISTINCT terminal_kind AS k FROM transactions WHERE service_type = 2 ORDER BY 1`);
      expect(kinds.map((r) => r.k)).toEqual(['BNPL', 'CARD', 'EWALLET']);
      // (An earlier test turned one SUCCESS row FAILED, keeping its fee: FAILED is checked on the generator.)
      expect(await q(`mdr_fee < 0 OR mdr_fee > amount OR (status IN ('PENDING', 'VOID') AND mdr_fee <> 0)`)).toBe(0);
      expect(await q(`status = 'SUCCESS' AND txn_type IN ('SALE', 'MOTO', 'EPP', 'SALECOMPLETION') AND mdr_fee = 0`)).toBe(0);
    });

    it('keeps every terminal settlement batch line equal to the card transactions of its batch', async () => {
      expect(await count(database, 'SELECT count(*)::int AS n FROM terminal_settlement_batch_lines')).toBeGreaterThan(0);
      const mismatches = await count(
        database,
        `WITH t AS (
           SELECT b.id, t.card_scheme, t.card_type, count(*)::int AS n, sum(t.amount) AS a,
                  count(*) FILTER (WHERE t.status = 'VOID')::int AS vn, coalesce(sum(t.amount) FILTER (WHERE t.status = 'VOID'), 0) AS va
           FROM terminal_settlement_batches b
           JOIN transactions t ON t.tid = b.tid AND t.batch_no = b.batch_no AND t.terminal_kind = 'CARD'
           WHERE t.txn_type IN ('SALE', 'MOTO', 'EPP', 'SALECOMPLETION', 'VOID', 'VOIDMOTO', 'VOIDEPP', 'VOIDSALECOMPLETION') AND t.status IN ('SUCCESS', 'VOID')
           GROUP BY 1, 2, 3)
         SELECT count(*)::int AS n FROM t FULL JOIN terminal_settlement_batch_lines l ON l.batch_id = t.id AND l.card_scheme = t.card_scheme AND l.card_type = t.card_type
         WHERE t.id IS NULL OR l.batch_id IS NULL OR l.sale_count <> t.n OR l.sale_amount <> t.a OR l.void_count <> t.vn OR l.void_amount <> t.va
            OR l.net_amount <> t.a - t.va`,
      );
      expect(mismatches).toBe(0);
      expect(await count(database, `SELECT count(*)::int AS n FROM terminal_settlement_batches WHERE (status = 'OPEN') <> (settled_at IS NULL)`)).toBe(0);
      // Every card row belongs to a batch of its own terminal.
      expect(
        await count(
          database,
          `SELECT count(*)::int AS n FROM transactions t WHERE terminal_kind = 'CARD'
             AND NOT EXISTS (SELECT 1 FROM terminal_settlement_batches b WHERE b.tid = t.tid AND b.batch_no = t.batch_no AND b.merchant_id = t.merchant_id)`,
        ),
      ).toBe(0);
    });

    it('creates the six demo users with memberships of the right group types', async () => {
      const rows = await database.query<{ email: string; group_type: string; org_id: number | null; level: string | null; is_default: boolean; password_hash: string }>(
        `SELECT u.email, g.group_type, m.org_id, o.level, m.is_default, u.password_hash
         FROM users u JOIN memberships m ON m.user_id = u.id JOIN user_groups g ON g.id = m.group_id LEFT JOIN organizations o ON o.id = m.org_id
         WHERE u.email = ANY($1::text[]) ORDER BY u.id, m.id`,
        [DEMO_SIGN_INS.map((s) => s.email)],
      );
      for (const s of DEMO_SIGN_INS) {
        const mine = rows.filter((r) => r.email === s.email);
        const primary = mine.find((r) => r.is_default);
        expect(mine.filter((r) => r.is_default)).toHaveLength(1);
        expect(primary?.group_type).toBe(s.groupType);
        if (s.groupType === 'SUPERADMIN') expect(primary?.org_id).toBeNull();
        else expect(primary?.level).toBe(s.groupType);
        for (const m of mine) if (m.org_id !== null) expect(m.level).toBe(m.group_type);
      }
      expect(rows.filter((r) => r.email === 'admin@paydesk.my').map((r) => r.group_type)).toEqual(['SUPERADMIN', 'MASTER_MERCHANT']);
      expect(rows.filter((r) => r.email === 'mm@paydesk.my').map((r) => r.group_type)).toEqual(['MASTER_MERCHANT', 'MERCHANT_HQ']);
      // The password is hashed once: every demo user has the same argon2id hash, and it verifies.
      const hashes = new Set(rows.map((r) => r.password_hash));
      expect(hashes.size).toBe(1);
      const [hash] = [...hashes];
      expect(hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(hash!, PASSWORD)).toBe(true);
      expect(await verifyPassword(hash!, DEFAULT_DEMO_PASSWORD)).toBe(false);
      // The chain mm → agency → agent → merchant → branch is one subtree.
      const paths = await database.query<{ email: string; path: string }>(
        `SELECT u.email, o.path FROM users u JOIN memberships m ON m.user_id = u.id AND m.is_default JOIN organizations o ON o.id = m.org_id WHERE u.email = ANY($1::text[])`,
        [DEMO_SIGN_INS.map((s) => s.email)],
      );
      const path = (e: string) => paths.find((p) => p.email === e)!.path;
      expect(path('agency@paydesk.my').startsWith(path('mm@paydesk.my'))).toBe(true);
      expect(path('agent@paydesk.my').startsWith(path('agency@paydesk.my'))).toBe(true);
      expect(path('merchant@paydesk.my').startsWith(path('agent@paydesk.my'))).toBe(true);
      expect(path('branch@paydesk.my').startsWith(path('merchant@paydesk.my'))).toBe(true);
      // Users of every group type beyond the demo six.
      const types = await database.query<{ group_type: string }>('SELECT DISTINCT g.group_type FROM memberships m JOIN user_groups g ON g.id = m.group_id');
      expect(types.map((t) => t.group_type).sort()).toEqual([...GROUP_TYPES].sort());
    });

    it("gives every demo user's subtree successful sales today (MYT) and the demo merchant a fair share", async () => {
      const subtree = await database.query<{ email: string; group_type: GroupType; org_id: number | null }>(
        `SELECT u.email, g.group_type, m.org_id FROM users u JOIN memberships m ON m.user_id = u.id AND m.is_default JOIN user_groups g ON g.id = m.group_id
         WHERE u.email = ANY($1::text[])`,
        [DEMO_SIGN_INS.map((s) => s.email)],
      );
      const column: Record<GroupType, string> = {
        SUPERADMIN: 'TRUE OR $1::int IS NULL',
        MASTER_MERCHANT: 'master_merchant_id = $1',
        AGENCY: 'agency_id = $1',
        AGENT: 'agent_id = $1',
        MERCHANT_HQ: 'merchant_id = $1',
        MERCHANT_BRANCH: 'branch_id = $1',
      };
      // The caller's figures as the dashboard reads them (summaries/query.ts: its level's daily
      // rows, or at the deeper levels its index range of transactions), in every currency.
      const scopeOf = async (s: { group_type: GroupType; org_id: number | null }): Promise<Scope> => {
        const [org] = s.org_id === null ? [] : await database.query<{ level: OrgLevel; path: string }>('SELECT level, path FROM organizations WHERE id = $1', [s.org_id]);
        return {
          userId: 1, email: 'x@paydesk.my', sessionId: 's', membershipId: 1, groupType: s.group_type, permissions: new Set(),
          orgId: s.org_id === null ? null : Number(s.org_id), orgLevel: org?.level ?? null, orgPath: org?.path ?? null,
        };
      };
      const currencies = (await database.query<{ c: string }>('SELECT DISTINCT currency AS c FROM transactions')).map((r) => r.c);
      for (const s of subtree) {
        const where = column[s.group_type];
        const today = await count(
          database,
          `SELECT count(*)::int AS n FROM transactions WHERE (${where}) AND status = 'SUCCESS' AND ${saleRowSql()} AND created_at >= $2`,
          [s.org_id, TODAY_START_MYT],
        );
        expect(today, s.email).toBeGreaterThan(0);
        let summaryToday = 0;
        for (const currency of currencies) {
          const [row] = await readSummary(database, await scopeOf(s), { from: '2026-03-15', to: '2026-03-15', currency, statuses: ['SUCCESS'], groupBy: [] });
          summaryToday += row!.txnCount;
        }
        expect(summaryToday, s.email).toBe(today);
      }
      const hq = subtree.find((s) => s.group_type === 'MERCHANT_HQ')!.org_id;
      expect(await count(database, 'SELECT count(*)::int AS n FROM transactions WHERE merchant_id = $1', [hq])).toBeGreaterThan(TXNS * 0.01);
    });

    it('spreads the latest transactions over many merchants, none holding a large share', async () => {
      const latest = await database.query<{ merchant_id: number; branch_id: number | null }>('SELECT merchant_id, branch_id FROM transactions ORDER BY created_at DESC, id DESC LIMIT 10');
      expect(new Set(latest.map((r) => r.merchant_id)).size).toBeGreaterThanOrEqual(5);
      const [top] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions GROUP BY merchant_id ORDER BY 1 DESC LIMIT 1');
      expect(Number(top!.n)).toBeLessThan(TXNS * 0.08);
    });

    it('dates configuration rows over the past months: no shared instant, changes after creation, nothing after now', async () => {
      // Every table with the resource engine's change columns that the demo fills is dated by the
      // demo seed, or deliberately not; a table the demo leaves empty has nothing to date.
      const tables = await database.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name IN ('version', 'created_at', 'updated_at')
         GROUP BY table_name HAVING count(*) = 3 ORDER BY 1`,
      );
      const covered = new Set([...CONFIG_TIME_WINDOWS.map((w) => w.table), ...CONFIG_TIME_EXCLUDED]);
      const undated: string[] = [];
      for (const { table_name: t } of tables) if (!covered.has(t) && (await count(database, `SELECT count(*)::int AS n FROM (SELECT 1 FROM "${t}" LIMIT 1) x`)) > 0) undated.push(t);
      expect(undated).toEqual([]);
      expect(await count(database, 'SELECT count(*)::int AS n FROM payout_holidays')).toBe(REFERENCE_PAYOUT_HOLIDAYS.length);
      let rows = 0;
      const instants = new Map<number, number>();
      for (const { table } of CONFIG_TIME_WINDOWS) {
        const times = await database.query<{ created_at: Date; updated_at: Date }>(`SELECT created_at, updated_at FROM ${table}`);
        const perTable = new Map<number, number>();
        for (const t of times) {
          const c = new Date(t.created_at).getTime();
          expect(new Date(t.updated_at).getTime(), table).toBeGreaterThanOrEqual(c);
          expect(new Date(t.updated_at).getTime(), table).toBeLessThanOrEqual(NOW.getTime());
          perTable.set(c, (perTable.get(c) ?? 0) + 1);
          instants.set(c, (instants.get(c) ?? 0) + 1);
        }
        if (times.length >= 3) expect(Math.max(...perTable.values()), table).toBeLessThan((2 * times.length) / 3);
        rows += times.length;
      }
      expect(rows).toBeGreaterThan(200);
      expect(Math.max(...instants.values())).toBeLessThan(rows / 3);
      // Organizations: some changed after creation, none before it or after now.
      expect(await count(database, 'SELECT count(*)::int AS n FROM organizations WHERE updated_at < created_at OR updated_at > $1', [NOW])).toBe(0);
      expect(await count(database, 'SELECT count(*)::int AS n FROM organizations WHERE updated_at > created_at')).toBeGreaterThan(200);
    });

    it('writes refund requests copied from successful, refundable transactions', async () => {
      const rows = await database.query<{ status: string; reason_code: string; service_type: number; t_status: string; same: boolean }>(
        `SELECT r.status, r.reason_code, r.service_type, t.status AS t_status,
                (r.amount = t.amount AND r.currency = t.currency AND r.merchant_id = t.merchant_id AND r.service_type = t.service_type
                 AND r.branch_id IS NOT DISTINCT FROM t.branch_id AND r.created_at >= t.created_at) AS same
         FROM refund_requests r JOIN transactions t ON t.id = r.transaction_id AND t.txn_ref_no = r.txn_ref_no`,
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBe(await count(database, 'SELECT count(*)::int AS n FROM refund_requests'));
      for (const r of rows) {
        expect(REFUND_STATUSES).toContain(r.status);
        expect(['FR', 'DP', 'RC', 'OT']).toContain(r.reason_code);
        expect([1, 3, 5, 6]).toContain(Number(r.service_type));
        expect(r.same).toBe(true);
      }
      expect(rows.some((r) => r.status === 'PENDING')).toBe(true);
    });

    it('ensureReferenceData is idempotent and restores a missing default permission', async () => {
      const before = await database.query(REFERENCE_COUNTS_SQL);
      await ensureReferenceData(database);
      await ensureReferenceData(database);
      expect(await database.query(REFERENCE_COUNTS_SQL)).toEqual(before);
      const defaults = await database.query<{ id: number; group_type: GroupType }>('SELECT id, group_type FROM user_groups WHERE is_default ORDER BY id');
      expect(defaults.map((g) => g.group_type)).toEqual([...GROUP_TYPES]);
      for (const g of defaults) {
        const perms = await database.query<{ permission: string }>('SELECT permission FROM user_group_permissions WHERE group_id = $1', [g.id]);
        expect(perms.map((p) => p.permission).sort()).toEqual([...defaultPermissions(g.group_type)].sort());
      }
      // A permission missing from a default group (as after a catalogue addition) comes back; extra ones stay.
      const agent = defaults.find((g) => g.group_type === 'AGENT')!;
      const [dropped] = defaultPermissions('AGENT');
      await database.query('DELETE FROM user_group_permissions WHERE group_id = $1 AND permission = $2', [agent.id, dropped]);
      await database.query(`INSERT INTO user_group_permissions (group_id, permission) VALUES ($1, 'auditlog:view')`, [agent.id]);
      await ensureReferenceData(database);
      const perms = (await database.query<{ permission: string }>('SELECT permission FROM user_group_permissions WHERE group_id = $1', [agent.id])).map((p) => p.permission);
      expect(perms).toContain(dropped);
      expect(perms).toContain('auditlog:view');
      await database.query(`DELETE FROM user_group_permissions WHERE group_id = $1 AND permission = 'auditlog:view'`, [agent.id]);
      const currencies = await database.query<{ currency_code: string; is_active: number }>('SELECT currency_code, is_active FROM currencies ORDER BY sort_order');
      expect(currencies.map((c) => `${c.currency_code}:${c.is_active}`)).toEqual(['MYR:1', 'USD:1', 'SGD:1', 'CNY:0', 'EUR:0']);
      expect(await count(database, 'SELECT count(*)::int AS n FROM acquirers')).toBeGreaterThanOrEqual(8);
    });

    it('refuses to seed a database that already has organizations', async () => {
      await expect(seedDemo(database, { transactions: 10, password: PASSWORD, now: NOW })).rejects.toThrow(/refuses.*organizations/);
      expect(await count(database, 'SELECT count(*)::int AS n FROM transactions')).toBe(TXNS);
    });

    it('is deterministic: the same seed on a fresh database gives the same rows', async () => {
      const other = await open();
      await seedDemo(other, { transactions: TXNS, seed: SEED, password: 'another-password', now: NOW });
      const a = await fingerprint(database);
      const b = await fingerprint(other);
      // The first database had one transaction's status changed above; references and amounts are unchanged.
      expect(b.txns).toEqual(a.txns);
      expect(b.orgs).toEqual(a.orgs);
      expect(b.refunds).toEqual(a.refunds);
      expect(b.terminals).toEqual(a.terminals);
      expect(b.devices).toEqual(a.devices);
      expect(b.content).toEqual(a.content);
      expect(a.terminals.length).toBeGreaterThan(0);
      expect(new Set(a.txns.map((t) => t.txn_ref_no)).size).toBe(TXNS);
      // A different seed gives a different dataset; reset wipes the old one first.
      await seedDemo(other, { transactions: 500, seed: SEED + 1, password: PASSWORD, now: NOW, reset: true });
      const c = await fingerprint(other);
      expect(c.txns).toHaveLength(500);
      // The reset emptied the demo terminal tables too: the new terminals are the new TIDs'.
      expect(await count(other, `SELECT count(*)::int AS n FROM terminals WHERE status <> 'PENDING'`)).toBe(
        await count(other, 'SELECT count(DISTINCT tid)::int AS n FROM transactions WHERE service_type = 2 AND tid IS NOT NULL'),
      );
      expect(await count(other, `SELECT count(*)::int AS n FROM terminals t WHERE NOT EXISTS (SELECT 1 FROM transactions x WHERE x.tid = t.tid AND x.service_type = 2)`)).toBe(
        await count(other, `SELECT count(*)::int AS n FROM terminals WHERE status = 'PENDING'`),
      );
      expect(await count(other, 'SELECT count(*)::int AS n FROM mobile_topics')).toBe(await count(database, 'SELECT count(*)::int AS n FROM mobile_topics'));
      expect(c.orgs).toHaveLength(1255);
      expect(c.txns.slice(0, 50)).not.toEqual(a.txns.slice(0, 50));
      expect(await count(other, 'SELECT count(*)::int AS n FROM users')).toBe(summary.users);
      // The summaries count the sale rows (saleRowSql) of the new dataset.
      expect(await count(other, 'SELECT coalesce(sum(pending_count + success_count + failed_count + void_count), 0)::int AS n FROM sales_summary_daily WHERE level = 0')).toBe(
        await count(other, `SELECT count(*)::int AS n FROM transactions WHERE ${saleRowSql()}`),
      );
    });

    it('leaves nothing behind when seeding fails half-way', async () => {
      const fresh = await open();
      const indexDefs = () => fresh.query<{ def: string }>(`SELECT indexdef AS def FROM pg_indexes WHERE tablename = 'transactions' ORDER BY indexname`);
      const indexesBefore = await indexDefs();
      expect(indexesBefore.length).toBeGreaterThan(10);
      await expect(
        seedDemo(fresh, {
          transactions: 800,
          password: PASSWORD,
          now: NOW,
          log: (m) => {
            if (m.startsWith('summaries rebuilt')) throw new Error('simulated failure');
          },
        }),
      ).rejects.toThrow('simulated failure');
      for (const table of [
        'organizations', 'users', 'memberships', 'transactions', ...SUMMARY_TABLES, 'refund_requests',
        'payment_links', 'recurring_schedules', 'terminal_settlement_batches', 'terminal_settlement_batch_lines',
      ]) {
        expect(await count(fresh, `SELECT count(*)::int AS n FROM ${table}`), table).toBe(0);
      }
      const enabled = await fresh.query<{ tgname: string; tgenabled: string }>(`SELECT tgname, tgenabled FROM pg_trigger WHERE tgname LIKE '%summary%' ORDER BY 1`);
      expect(enabled.map((t) => `${t.tgname}:${t.tgenabled}`)).toEqual(Object.values(SUMMARY_TRIGGERS).flat().sort().map((n) => `${n}:O`));
      // The indexes dropped for the load are back, as they were.
      expect(await indexDefs()).toEqual(indexesBefore);
      // Reference data survives (it is committed before the seed's transaction) and a retry succeeds.
      await seedDemo(fresh, { transactions: 200, password: PASSWORD, now: NOW });
      expect(await count(fresh, 'SELECT count(*)::int AS n FROM transactions')).toBe(200);
    });
  });
}

seedSuite(pgliteTarget());
if (process.env.DATABASE_URL) seedSuite(postgresTarget(process.env.DATABASE_URL));
