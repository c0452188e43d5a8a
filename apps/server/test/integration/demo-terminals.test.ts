/**
 * The demo's terminals, devices, content and provider configurations (seed/demo-terminals.ts), on
 * PGlite (and PostgreSQL with DATABASE_URL): every TID of the terminal transactions has its
 * terminal at the outlet that took them, with their MID and acquirer; every terminal names a
 * deployed device of the inventory, which holds spares too, with valid IMEIs and SIMs; terminals
 * are dated after their outlet and device and before their first transaction; every terminal
 * configuration table the demo fills has rows that keep their declaration's rules; provider credentials open
 * with the field key and are answered masked; a merchant sees its own terminals only.
 * Determinism (same seed, same rows) is checked with the rest of the seed in seed.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '@paydesk/contract';
import { TPA_CONFIG_PROVIDERS, tpaConfigResourceName, validateField } from '@paydesk/domain';
import { openSecret } from '../../src/engine/secret-fields.ts';
import { luhnDigit } from '../../src/seed/demo-terminals.ts';
import { DATABASES, errorOf, startTestServer, type TestServer } from './harness.ts';

const TABLES = [
  'terminals', 'master_devices', 'terminal_advertisements', 'mobile_advertisements', 'mobile_topics',
  'mobile_notification_contents', 'nfc_receipt_templates', 'nfc_receipt_banners', 'tpa_provider_configs',
];
const luhnValid = (digits: string) => luhnDigit(digits.slice(0, -1)) === digits.slice(-1);

describe.each(DATABASES)('demo terminals on %s', (kind) => {
  let s: TestServer;
  const q = <T,>(sql: string, params?: unknown[]) => s.database.query<T>(sql, params);

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 2000 });
  }, 300_000);
  afterAll(async () => s?.close());

  it('fills every terminal configuration table the screens read', async () => {
    for (const t of TABLES) expect((await q<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`))[0]!.n, t).toBeGreaterThan(0);
  });

  it("gives every TID of the terminal transactions its terminal at the outlet that took them, with their MID and acquirer", async () => {
    const missing = await q<{ tid: string }>(
      `SELECT DISTINCT x.tid FROM transactions x WHERE x.service_type = 2 AND x.tid IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM terminals t WHERE t.tid = x.tid AND t.org_id = coalesce(x.branch_id, x.merchant_id) AND t.mid = x.mid)`,
    );
    expect(missing).toEqual([]);
    // The acquirer is one the TID's card transactions went to, when it has any.
    const foreign = await q<{ tid: string }>(
      `SELECT t.tid FROM terminals t WHERE EXISTS (SELECT 1 FROM transactions x WHERE x.tid = t.tid AND x.acquirer_id IS NOT NULL)
         AND NOT EXISTS (SELECT 1 FROM transactions x WHERE x.tid = t.tid AND x.acquirer_id = t.acquirer_id)`,
    );
    expect(foreign).toEqual([]);
    // Terminals without transactions are the few pending ones, never seen.
    const idle = await q<{ status: string; last_seen_at: Date | null; firmware_version: string | null }>(
      `SELECT status, last_seen_at, firmware_version FROM terminals t WHERE NOT EXISTS (SELECT 1 FROM transactions x WHERE x.tid = t.tid)`,
    );
    expect(idle.length).toBeGreaterThan(0);
    for (const t of idle) expect(t).toEqual({ status: 'PENDING', last_seen_at: null, firmware_version: null });
    const statuses = await q<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM terminals GROUP BY 1`);
    const by = Object.fromEntries(statuses.map((r) => [r.status, Number(r.n)]));
    expect(Object.keys(by).sort()).toEqual(['ACTIVE', 'DECOMMISSIONED', 'PENDING', 'SUSPENDED']);
    expect(by.ACTIVE!).toBeGreaterThan(Object.values(by).reduce((a, b) => a + b, 0) / 2);
    // Every terminal of a suspended merchant or outlet is suspended.
    const live = await q<{ tid: string }>(
      `SELECT t.tid FROM terminals t JOIN organizations o ON o.id = t.org_id JOIN organizations hq ON o.path LIKE hq.path || '%' AND hq.level = 'MERCHANT_HQ'
       WHERE (o.onboarding_status = 'SUSPENDED' OR hq.onboarding_status = 'SUSPENDED') AND t.status <> 'SUSPENDED'`,
    );
    expect(live).toEqual([]);
  });

  it('names a deployed device of the inventory for every terminal, one terminal a device, with spares in stock, in repair and retired', async () => {
    const orphans = await q<{ tid: string }>(
      `SELECT t.tid FROM terminals t LEFT JOIN master_devices d ON d.serial_no = t.serial_no WHERE d.id IS NULL OR d.status <> 'DEPLOYED' OR d.model <> t.model`,
    );
    expect(orphans).toEqual([]);
    const [counts] = await q<{ deployed: number; terminals: number; spares: string[] }>(
      `SELECT (SELECT count(*) FROM master_devices WHERE status = 'DEPLOYED')::int AS deployed, (SELECT count(*) FROM terminals)::int AS terminals,
              (SELECT array_agg(DISTINCT status ORDER BY status) FROM master_devices WHERE status <> 'DEPLOYED') AS spares`,
    );
    expect(counts!.deployed).toBe(counts!.terminals);
    expect(counts!.spares).toEqual(['IN_STOCK', 'REPAIR', 'RETIRED']);
    const devices = await q<{ serial_no: string; imei: string | null; sim_iccid: string | null; sim_msisdn: string | null }>(`SELECT serial_no, imei, sim_iccid, sim_msisdn FROM master_devices`);
    expect(devices.filter((d) => d.imei !== null).length).toBeGreaterThan(devices.length / 2);
    for (const d of devices) {
      if (d.imei !== null) {
        expect(d.imei, d.serial_no).toMatch(/^\d{15}$/);
        expect(luhnValid(d.imei), d.imei).toBe(true);
      }
      if (d.sim_iccid !== null) {
        expect(d.sim_iccid, d.serial_no).toMatch(/^89\d{17,18}$/);
        expect(luhnValid(d.sim_iccid), d.sim_iccid).toBe(true);
        expect(validateField('phone', d.sim_msisdn), d.sim_msisdn ?? 'no number').toBe(true);
      }
    }
  });

  it('dates a terminal after its outlet and device and before its first transaction; last seen at or after its last one, never after now', async () => {
    const wrong = await q<{ tid: string }>(
      `SELECT t.tid FROM terminals t JOIN organizations o ON o.id = t.org_id JOIN master_devices d ON d.serial_no = t.serial_no
       LEFT JOIN LATERAL (SELECT min(created_at) AS first_at, max(created_at) AS last_at FROM transactions x WHERE x.tid = t.tid) x ON true
       WHERE t.created_at < o.created_at OR t.created_at < d.created_at OR t.created_at > x.first_at OR t.updated_at < t.created_at
          OR t.last_seen_at < x.last_at OR t.last_seen_at > $1`,
      [s.now()],
    );
    expect(wrong).toEqual([]);
  });

  it('keeps the declarations\' rules in the content rows: schedules around today, every language, both receipt types', async () => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    for (const table of ['terminal_advertisements', 'mobile_advertisements', 'nfc_receipt_banners']) {
      const rows = await q<{ start_date: string; end_date: string }>(`SELECT start_date::text, end_date::text FROM ${table}`);
      for (const r of rows) expect(r.end_date >= r.start_date, table).toBe(true);
      expect(rows.some((r) => r.start_date <= today && r.end_date >= today), `${table} runs today`).toBe(true);
      expect(rows.some((r) => r.end_date < today), `${table} has an ended one`).toBe(true);
      expect(rows.some((r) => r.start_date > today), `${table} has an upcoming one`).toBe(true);
    }
    const ads = await q<{ target: string; model: string | null; merchant_id: number | null; level: string | null; display_seconds: number }>(
      `SELECT a.target, a.model, a.merchant_id, o.level, a.display_seconds FROM terminal_advertisements a LEFT JOIN organizations o ON o.id = a.merchant_id`,
    );
    for (const a of ads) {
      if (a.target === 'MODEL') expect(a.model).not.toBeNull();
      if (a.target === 'MERCHANT') expect(a.level).toBe('MERCHANT_HQ');
      expect(a.display_seconds).toBeGreaterThanOrEqual(3);
      expect(a.display_seconds).toBeLessThanOrEqual(60);
    }
    for (const t of await q<{ topic_code: string }>(`SELECT topic_code FROM mobile_topics`)) expect(t.topic_code).toMatch(/^[a-zA-Z0-9\-_.~%]+$/);
    const notes = await q<Record<string, string | null>>(`SELECT content_code, title_en, title_ms, title_zh, body_en, body_ms, body_zh FROM mobile_notification_contents`);
    for (const n of notes) {
      expect(n.content_code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      for (const lang of ['en', 'ms', 'zh']) {
        expect(n[`title_${lang}`]!.length, `${n.content_code} ${lang}`).toBeLessThanOrEqual(65);
        expect(n[`body_${lang}`]!.length, `${n.content_code} ${lang}`).toBeLessThanOrEqual(240);
      }
    }
    for (const table of ['nfc_receipt_templates', 'nfc_receipt_banners']) {
      const types = await q<{ receipt_type: string }>(`SELECT DISTINCT receipt_type FROM ${table} ORDER BY 1`);
      expect(types.map((r) => r.receipt_type), table).toEqual(['E_RECEIPT', 'NON_E_RECEIPT']);
    }
    // Each receipt type has its platform default (no master merchant).
    expect(await q(`SELECT receipt_type FROM nfc_receipt_templates WHERE master_merchant_id IS NULL ORDER BY 1`)).toEqual([{ receipt_type: 'E_RECEIPT' }, { receipt_type: 'NON_E_RECEIPT' }]);
  });

  it('maps a few merchants to their terminal provider, credentials sealed under the field key and answered masked', async () => {
    const rows = await q<{ id: number; provider: string; org_id: number; terminal_tid: string | null; term_org: number | null; api_key: string; secret_key: string }>(
      `SELECT c.id, c.provider, c.org_id, c.terminal_tid, t.org_id AS term_org, c.api_key, c.secret_key FROM tpa_provider_configs c LEFT JOIN terminals t ON t.tid = c.terminal_tid`,
    );
    expect(new Set(rows.filter((r) => r.terminal_tid === null).map((r) => r.org_id)).size).toBeGreaterThanOrEqual(3);
    for (const r of rows) {
      expect(TPA_CONFIG_PROVIDERS as readonly string[]).toContain(r.provider);
      // 'm1' is left to the contract suite's samples of the bulk screen.
      expect(r.provider).not.toBe('m1');
      if (r.terminal_tid !== null) expect(r.term_org).toBe(r.org_id);
      expect(openSecret(s.app.ctx.keys.fieldKey, r.api_key)).toMatch(/^pk_live_[0-9a-f]{24}$/);
      expect(openSecret(s.app.ctx.keys.fieldKey, r.secret_key)).toMatch(/^sk_live_[0-9a-f]{32}$/);
    }
    const admin = await s.signIn('admin@paydesk.my');
    const page = await admin.callPath<{ Items: Record<string, unknown>[]; TotalRecords: number }>('POST', '/api/portal/TpaTerminalConfig/Search', { PageIndex: 1, RowsPerPage: 999 });
    expect(page.TotalRecords).toBe(rows.length);
    for (const item of page.Items) {
      expect(String(item.ApiKey)).toMatch(new RegExp(`^${SECRET_MASK}[0-9a-f]{4}$`));
      expect(JSON.stringify(item)).not.toContain('pk_live_');
    }
  });

  it("maps a terminal only for the organization that owns it, on every provider page, on create and on edit", async () => {
    const admin = await s.signIn('admin@paydesk.my');
    // Per provider a terminal it does not map yet, a merchant outlet that does not own it, and a terminal of another outlet.
    const cases = await q<{ provider: string; tid: string; own: number; other: number; other_tid: string }>(
      `SELECT p.provider, t.tid, t.org_id AS own,
              (SELECT o.id FROM organizations o WHERE o.level IN ('MERCHANT_HQ', 'MERCHANT_BRANCH') AND o.id <> t.org_id ORDER BY o.id OFFSET p.k LIMIT 1) AS other,
              (SELECT x.tid FROM terminals x WHERE x.org_id <> t.org_id ORDER BY x.id OFFSET p.k LIMIT 1) AS other_tid
         FROM unnest($1::text[]) WITH ORDINALITY AS p(provider, k)
         CROSS JOIN LATERAL (SELECT tid, org_id FROM terminals t WHERE NOT EXISTS (SELECT 1 FROM tpa_provider_configs c WHERE c.provider = p.provider AND c.terminal_tid = t.tid)
                             ORDER BY t.id OFFSET p.k * 7 LIMIT 1) t`,
      [[...TPA_CONFIG_PROVIDERS]],
    );
    expect(cases).toHaveLength(TPA_CONFIG_PROVIDERS.length);
    expect(new Set(cases.map((c) => c.own)).size).toBeGreaterThan(1);
    for (const c of cases) {
      const create = (OrgId: number) =>
        admin.callPath<{ Id: number; Version: number }>('POST', `/api/portal/${tpaConfigResourceName(c.provider)}/Create`, { OrgId, TerminalTid: c.tid, ProviderMid: `OWN-${c.tid}`, ServiceMode: 'OFFLINE' });
      const refused = await errorOf(create(Number(c.other)));
      expect([refused.status, refused.errorCode], c.provider).toEqual([400, 'VAL400']);
      expect(refused.message, c.provider).toMatch(/TerminalTid/);
      const made = await create(Number(c.own));
      // Nor can an edit point the mapping at another outlet's terminal.
      const moved = await errorOf(
        admin.callPath('PUT', `/api/portal/${tpaConfigResourceName(c.provider)}/Update`, { Id: made.Id, Version: made.Version, TerminalTid: c.other_tid, ProviderMid: `OWN-${c.tid}`, ServiceMode: 'OFFLINE' }),
      );
      expect([moved.status, moved.errorCode], c.provider).toEqual([400, 'VAL400']);
      expect(moved.message, c.provider).toMatch(/TerminalTid/);
      expect((await q<{ terminal_tid: string }>(`SELECT terminal_tid FROM tpa_provider_configs WHERE id = $1`, [made.Id]))[0]!.terminal_tid).toBe(c.tid);
    }
    // Nothing anywhere maps a terminal for another organization.
    expect(await q(`SELECT c.id FROM tpa_provider_configs c JOIN terminals t ON t.tid = c.terminal_tid WHERE t.org_id <> c.org_id`)).toEqual([]);
  });

  it('shows the platform every terminal and a merchant its own only', async () => {
    const admin = await s.signIn('admin@paydesk.my');
    const all = await admin.callPath<{ TotalRecords: number }>('POST', '/api/portal/Terminal/Search', { PageIndex: 1, RowsPerPage: 10 });
    expect(all.TotalRecords).toBe((await q<{ n: number }>(`SELECT count(*)::int AS n FROM terminals`))[0]!.n);
    const merchant = await s.signIn('merchant@paydesk.my');
    const own = await merchant.callPath<{ Items: { Tid: string }[]; TotalRecords: number }>('POST', '/api/portal/Terminal/Search', { PageIndex: 1, RowsPerPage: 999 });
    const [hq] = await q<{ org_id: number }>(`SELECT m.org_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = 'merchant@paydesk.my' AND m.is_default`);
    const expected = await q<{ tid: string }>(
      `SELECT t.tid FROM terminals t JOIN organizations o ON o.id = t.org_id WHERE o.path LIKE (SELECT path FROM organizations WHERE id = $1) || '%' ORDER BY t.tid`,
      [hq!.org_id],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(own.Items.map((i) => i.Tid).sort()).toEqual(expected.map((r) => r.tid));
  });
});
