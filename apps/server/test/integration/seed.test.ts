/**
 * Reference data and demo seed on a real database: in-memory PGlite always, and a fresh
 * PostgreSQL database too when DATABASE_URL is set (created here, dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_TYPES, ORG_LEVELS, REFUND_STATUSES, defaultPermissions, detectCardScheme, type GroupType } from '@paydesk/domain';
import { verifyPassword } from '../../src/auth/password.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { REFERENCE_PAYOUT_HOLIDAYS } from '../../src/seed/config-data-b.ts';
import { CONFIG_TIME_EXCLUDED, CONFIG_TIME_WINDOWS } from '../../src/seed/config-times.ts';
import { DEFAULT_DEMO_PASSWORD, DEMO_SIGN_INS, ensureReferenceData, seedDemo, type DemoSummary } from '../../src/seed/index.ts';

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
  return { txns, orgs, refunds };
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
      for (const name of created) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
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
      expect(await count(database, `SELECT count(*)::int AS n FROM transactions WHERE status = 'VOID' AND txn_type <> 'VOID'`)).toBe(0);
      expect(await count(database, `SELECT count(*)::int AS n FROM transactions WHERE status = 'FAILED' AND (response_code IS NULL OR response_code = '00')`)).toBe(0);
      expect(await count(database, `SELECT count(*)::int AS n FROM transactions WHERE service_type = 4 AND status <> 'VOID' AND txn_type NOT IN ('PREAUTH', 'SALECOMPLETION')`)).toBe(0);
      expect(await count(database, `SELECT count(*)::int AS n FROM transactions WHERE (tid IS NOT NULL) <> (service_type = 2)`)).toBe(0);
      expect(await count(database, `SELECT count(*)::int AS n FROM transactions WHERE amount < 1 OR amount > 20000`)).toBe(0);
      const refs = await database.query<{ txn_ref_no: string }>('SELECT txn_ref_no FROM transactions');
      expect(refs.every((r) => /^PD\d{16}$/.test(r.txn_ref_no))).toBe(true);
    });

    it('keeps daily_sales_summary equal to the raw transactions, and the trigger back on', async () => {
      const totals = async () => {
        const [raw] = await database.query<{ n: number; a: string }>('SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS a FROM transactions');
        const [sum] = await database.query<{ n: number; a: string }>('SELECT coalesce(sum(txn_count), 0)::int AS n, coalesce(sum(amount), 0)::text AS a FROM daily_sales_summary');
        return { raw: { n: Number(raw!.n), a: raw!.a }, sum: { n: Number(sum!.n), a: sum!.a } };
      };
      const before = await totals();
      expect(before.sum).toEqual(before.raw);
      expect(before.raw.n).toBe(TXNS);
      const diff = `
        SELECT count(*)::int AS n FROM (
          (SELECT business_day::text, merchant_id, branch_id, service_type, payment_method, status, currency, txn_count, amount::text
             FROM daily_sales_summary WHERE txn_count <> 0
           EXCEPT
           SELECT ((created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date)::text, merchant_id, coalesce(branch_id, 0), service_type, payment_method,
                  status, currency, count(*)::int, sum(amount)::text
             FROM transactions GROUP BY 1, 2, 3, 4, 5, 6, 7)
          UNION ALL
          (SELECT ((created_at AT TIME ZONE 'Asia/Kuala_Lumpur')::date)::text, merchant_id, coalesce(branch_id, 0), service_type, payment_method,
                  status, currency, count(*)::int, sum(amount)::text
             FROM transactions GROUP BY 1, 2, 3, 4, 5, 6, 7
           EXCEPT
           SELECT business_day::text, merchant_id, branch_id, service_type, payment_method, status, currency, txn_count, amount::text
             FROM daily_sales_summary WHERE txn_count <> 0)
        ) d`;
      expect(await count(database, diff)).toBe(0);
      // The per-row trigger is enabled again: a status change moves the summary with it.
      await database.query(`UPDATE transactions SET status = 'FAILED' WHERE id = (SELECT min(id) FROM transactions WHERE status = 'SUCCESS')`);
      const after = await totals();
      expect(after.sum).toEqual(after.raw);
      expect(await count(database, diff)).toBe(0);
      // And the secondary indexes dropped for the bulk load are all back.
      const indexes = await database.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename IN ('transactions', 'daily_sales_summary')`);
      expect(indexes.map((r) => r.indexname).sort()).toEqual(
        [
          'daily_sales_summary_business_day_merchant_id_branch_id_service_type_payment_method_status_currency_pk'.slice(0, 63),
          'dss_agency_idx', 'dss_agent_idx', 'dss_day_idx', 'dss_merchant_idx', 'dss_mm_idx',
          'transactions_agency_idx', 'transactions_agent_idx', 'transactions_branch_idx', 'transactions_merchant_idx', 'transactions_mm_idx',
          'transactions_pkey', 'transactions_ref_uq', 'transactions_st_created_idx',
        ].sort(),
      );
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
      for (const s of subtree) {
        const where = column[s.group_type];
        const today = await count(
          database,
          `SELECT count(*)::int AS n FROM transactions WHERE (${where}) AND status = 'SUCCESS' AND created_at >= $2`,
          [s.org_id, TODAY_START_MYT],
        );
        expect(today, s.email).toBeGreaterThan(0);
        const summaryToday = await count(
          database,
          `SELECT coalesce(sum(txn_count), 0)::int AS n FROM daily_sales_summary WHERE (${where}) AND business_day = $2::date AND status = 'SUCCESS'`,
          [s.org_id, '2026-03-15'],
        );
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
      // Every table with the resource engine's change columns is dated by the demo seed, or deliberately not.
      const tables = await database.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name IN ('version', 'created_at', 'updated_at')
         GROUP BY table_name HAVING count(*) = 3 ORDER BY 1`,
      );
      const covered = new Set([...CONFIG_TIME_WINDOWS.map((w) => w.table), ...CONFIG_TIME_EXCLUDED]);
      expect(tables.map((t) => t.table_name).filter((t) => !covered.has(t))).toEqual([]);
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
      expect(new Set(a.txns.map((t) => t.txn_ref_no)).size).toBe(TXNS);
      // A different seed gives a different dataset; reset wipes the old one first.
      await seedDemo(other, { transactions: 500, seed: SEED + 1, password: PASSWORD, now: NOW, reset: true });
      const c = await fingerprint(other);
      expect(c.txns).toHaveLength(500);
      expect(c.orgs).toHaveLength(1255);
      expect(c.txns.slice(0, 50)).not.toEqual(a.txns.slice(0, 50));
      expect(await count(other, 'SELECT count(*)::int AS n FROM users')).toBe(summary.users);
      expect(await count(other, 'SELECT coalesce(sum(txn_count), 0)::int AS n FROM daily_sales_summary')).toBe(500);
    });

    it('leaves nothing behind when seeding fails half-way', async () => {
      const fresh = await open();
      await expect(
        seedDemo(fresh, {
          transactions: 800,
          password: PASSWORD,
          now: NOW,
          log: (m) => {
            if (m.startsWith('daily_sales_summary rebuilt')) throw new Error('simulated failure');
          },
        }),
      ).rejects.toThrow('simulated failure');
      for (const table of ['organizations', 'users', 'memberships', 'transactions', 'daily_sales_summary', 'refund_requests']) {
        expect(await count(fresh, `SELECT count(*)::int AS n FROM ${table}`), table).toBe(0);
      }
      const [trigger] = await fresh.query<{ tgenabled: string }>(`SELECT tgenabled FROM pg_trigger WHERE tgname = 'transactions_dss'`);
      expect(trigger?.tgenabled).toBe('O');
      expect(await count(fresh, `SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'transactions'`)).toBe(8);
      // Reference data survives (it is committed before the seed's transaction) and a retry succeeds.
      await seedDemo(fresh, { transactions: 200, password: PASSWORD, now: NOW });
      expect(await count(fresh, 'SELECT count(*)::int AS n FROM transactions')).toBe(200);
    });
  });
}

seedSuite(pgliteTarget());
if (process.env.DATABASE_URL) seedSuite(postgresTarget(process.env.DATABASE_URL));
