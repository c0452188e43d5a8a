/**
 * The demo's onboarding records, written on first start after the payout
 * accounts (main.ts), so the profile screens open on realistic data:
 *  - every organization's company type, from the SSM entity code of its registration number
 *    (01 → SDN BHD, or BHD for a "Berhad"; 03 → Sole Proprietorship; 04, a PLT, has no §3 type and
 *    is left empty for its reviewer to settle);
 *  - its persons: master merchants, agencies, agents and merchant HQs get a DIRECTOR (or a
 *    DIRECTOR_SHAREHOLDER for a sole proprietor) with a valid NRIC, companies a second person;
 *  - its bank account: the payout account of a merchant HQ's configuration, copied sealed;
 *  - its status history: PENDING when created, REVIEWING a day later, VERIFIED by the platform
 *    administrator the day after; the generator's 1 in 9 merchants in another status left VERIFIED
 *    after their last transaction, by the §4 transitions (TAILS), so no demo transaction falls in
 *    a time its merchant was not VERIFIED and the status reasons are on record;
 *  - a review queue of seven new merchant HQs under the demo agent, submitted by the demo agency
 *    user, with no transactions: two PENDING, one REVIEWING, one REJECTED (with its reason), one
 *    UNVERIFY (verified, then its bank account changed), one SUSPENDED and one VERIFIED;
 *  - the enabled service types of every configured merchant HQ, from the service types of its
 *    transactions;
 *  - last of the first start's demo steps, the desks' records (demo-desks.ts: zone master keys,
 *    firmware and rollouts, RM applications with their documents) and believable times for what
 *    the earlier steps wrote at run time (risk alerts, settlement imports, payouts, bank batches,
 *    payout accounts).
 * Deterministic: seeded Rngs (the keys' material aside); nothing else of the demo changes.
 */
import { openSecret, sealSecret } from '../engine/secret-fields.ts';
import type { Database, Query } from '../db/client.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, officeTimeBetween } from './demo-clock.ts';
import { embeddedDataDir, seedDemoDesks } from './demo-desks.ts';
import { address, mobilePhone, personName, personalEmail } from './names.ts';
import { Rng } from './random.ts';

/** Place-of-birth codes of Malaysian states on an NRIC (JPN): 01–14 the states, 15–16 Labuan and Putrajaya. */
const STATE_PB = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13', '14', '15', '16'];

/**
 * A valid NRIC "YYMMDD-PB-###G" of someone born between 1960 and 1999: a real date, a state
 * place-of-birth code, and a last digit odd for a man and even for a woman.
 */
export function demoNric(rng: Rng, female: boolean): string {
  const day = new Date(Date.UTC(rng.int(1960, 1999), 0, 1) + rng.int(0, 364) * DAY_MS);
  const yy = String(day.getUTCFullYear() % 100).padStart(2, '0');
  const mm = String(day.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(day.getUTCDate()).padStart(2, '0');
  const last = rng.int(0, 4) * 2 + (female ? 0 : 1);
  return `${yy}${mm}${dd}-${rng.pick(STATE_PB)}-${rng.digits(3)}${last}`;
}

interface OrgRow {
  id: number;
  level: string;
  name: string;
  reg_no: string | null;
  created_at: Date;
}

interface PersonRow {
  orgId: number;
  name: string;
  role: string;
  idNo: string;
  gender: string;
  phone: string;
  email: string;
}

/** The persons of one organization (see the file comment). */
function personsOf(rng: Rng, org: OrgRow, companyType: string | null): PersonRow[] {
  const one = (role: string): PersonRow => {
    const female = rng.chance(0.45);
    const p = personName(rng);
    return { orgId: org.id, name: p.full, role, idNo: demoNric(rng, female), gender: female ? 'FEMALE' : 'MALE', phone: mobilePhone(rng), email: personalEmail(rng, p) };
  };
  if (companyType === 'SOLE_PROPRIETORSHIP') return [one('DIRECTOR_SHAREHOLDER')];
  return [one('DIRECTOR'), one(rng.chance(0.5) ? 'MAJOR_SHAREHOLDER' : 'AUTHORIZED_PERSON')];
}

/** The §3 company type of a demo organization (see the file comment). */
function companyTypeOf(org: OrgRow): string | null {
  const entity = org.reg_no?.slice(4, 6);
  if (entity === '03') return 'SOLE_PROPRIETORSHIP';
  if (entity === '01') return /\bBerhad$/.test(org.name) && !/Sdn\.? Bhd/.test(org.name) ? 'BHD' : 'SDN_BHD';
  return null;
}

async function insertPersons(q: Query, rows: PersonRow[]): Promise<void> {
  const col = <T,>(f: (p: PersonRow) => T) => rows.map(f);
  await q(
    `INSERT INTO org_persons (org_id, name, role, id_type, id_no, gender, nationality, phone, email)
     SELECT o, n, r, 'NRIC', i, g, 'MALAYSIA', p, e FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS x(o, n, r, i, g, p, e)`,
    [col((p) => p.orgId), col((p) => p.name), col((p) => p.role), col((p) => p.idNo), col((p) => p.gender), col((p) => p.phone), col((p) => p.email)],
  );
}

/** What seedDemoOnboarding wrote. */
export interface DemoOnboarding {
  persons: number;
  bankAccounts: number;
  histories: number;
  applicants: number;
}

/**
 * Writes the demo onboarding records and then the desks' (see the file comment) in one
 * transaction. Does nothing and answers zeros when persons already exist (a second start) or the
 * demo administrator is absent. `fieldKey` seals the account numbers and the key material; `now`
 * (UTC) dates the review queue and bounds every time written. `opts.dataDir`: the folder uploaded
 * files are kept in (firmware images, KYC documents); by default the embedded database's own
 * (DATA_DIR, main.ts), none for an in-memory database or PostgreSQL (then no files are written,
 * nor the records that need them). Answers the onboarding counts.
 */
export async function seedDemoOnboarding(database: Database, fieldKey: Uint8Array, now: Date, opts: { dataDir?: string | null } = {}): Promise<DemoOnboarding> {
  const none = { persons: 0, bankAccounts: 0, histories: 0, applicants: 0 };
  const [admin] = await database.query<{ id: number; email: string }>(`SELECT id, email FROM users WHERE lower(email) = 'admin@paydesk.my'`);
  const [agencyUser] = await database.query<{ id: number; email: string; org_id: number }>(
    `SELECT u.id, u.email, m.org_id FROM users u JOIN memberships m ON m.user_id = u.id WHERE lower(u.email) = 'agency@paydesk.my' AND m.org_id IS NOT NULL ORDER BY m.is_default DESC LIMIT 1`,
  );
  const [agent] = await database.query<{ id: number; path: string }>(
    `SELECT o.id, o.path FROM users u JOIN memberships m ON m.user_id = u.id JOIN organizations o ON o.id = m.org_id WHERE lower(u.email) = 'agent@paydesk.my' AND o.level = 'AGENT' LIMIT 1`,
  );
  const [{ n }] = (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM org_persons`)) as [{ n: number }];
  if (!admin || !agencyUser || !agent || Number(n) > 0) return none;
  const rng = new Rng(13_2026);
  const orgs = await database.query<OrgRow>(`SELECT id, level, name, reg_no, created_at FROM organizations WHERE level <> 'MERCHANT_BRANCH' ORDER BY id`);
  const accounts = await database.query<{ org_id: number; bank_id: number; account_no: string; account_name: string }>(
    `SELECT org_id, payout_bank_id AS bank_id, payout_account_no AS account_no, payout_account_name AS account_name FROM organization_configs WHERE payout_account_no IS NOT NULL ORDER BY org_id`,
  );

  return database.transaction(async (q) => {
    const types = orgs.map(companyTypeOf);
    await q(
      `UPDATE organizations o SET company_type = x.t, submitted_at = o.created_at, verified_at = o.created_at + interval '2 days'
       FROM unnest($1::int[], $2::text[]) AS x(id, t) WHERE o.id = x.id`,
      [orgs.map((o) => o.id), types],
    );
    // A branch trades under its HQ's company.
    await q(`UPDATE organizations b SET company_type = h.company_type, submitted_at = b.created_at, verified_at = b.created_at FROM organizations h WHERE b.level = 'MERCHANT_BRANCH' AND h.id = b.parent_id`);
    const persons = orgs.flatMap((o, i) => personsOf(rng, o, types[i] ?? null));
    await insertPersons(q, persons);

    // Payout accounts become the profile's primary account (still sealed; the last 4 read once here).
    const sole = new Set(orgs.filter((_, i) => types[i] === 'SOLE_PROPRIETORSHIP').map((o) => o.id));
    if (accounts.length)
      await q(
        `INSERT INTO org_bank_accounts (org_id, bank_id, account_type, account_name, account_no, account_last4, is_primary)
         SELECT o, b, t, n, a, l, true FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[]) AS x(o, b, t, n, a, l)`,
        [
          accounts.map((a) => a.org_id), accounts.map((a) => a.bank_id), accounts.map((a) => (sole.has(a.org_id) ? 'INDIVIDUAL' : 'CORPORATE')),
          accounts.map((a) => a.account_name), accounts.map((a) => a.account_no), accounts.map((a) => openSecret(fieldKey, a.account_no).slice(-4)),
        ],
      );

    // Every existing organization: created PENDING, reviewed the next day, verified the day after;
    // one that is no longer VERIFIED got there after its last transaction (see TAILS).
    const story = await q<{ id: number; status: string; created_at: Date; last_txn: Date | null }>(
      `SELECT o.id, o.onboarding_status AS status, o.created_at,
         CASE o.level WHEN 'MERCHANT_HQ' THEN (SELECT max(created_at) FROM transactions t WHERE t.merchant_id = o.id)
                      WHEN 'MERCHANT_BRANCH' THEN (SELECT max(created_at) FROM transactions t WHERE t.branch_id = o.id) END AS last_txn
       FROM organizations o ORDER BY o.id`,
    );
    const history: HistoryRow[] = [];
    // The later changes happen in office hours (a stream of its own: the persons stay as they were).
    const clock = new Rng(13_2028);
    const nowMs = now.getTime();
    for (const o of story) {
      const created = new Date(o.created_at).getTime();
      history.push(
        { orgId: o.id, from: null, to: 'PENDING', actor: null, reason: null, at: created },
        { orgId: o.id, from: 'PENDING', to: 'REVIEWING', actor: admin, reason: null, at: created + DAY_MS },
        { orgId: o.id, from: 'REVIEWING', to: 'VERIFIED', actor: admin, reason: null, at: created + 2 * DAY_MS },
      );
      let from = 'VERIFIED';
      // Each step within two days of the one before; when the last transaction is too recent for
      // that, the steps share the time left between it and now.
      const tail = TAILS[o.status] ?? [];
      const lastTxn = o.last_txn ? new Date(o.last_txn).getTime() : 0;
      const floor = Math.max(created + 3 * DAY_MS, lastTxn + MINUTE_MS);
      let earliest = Math.max(created + 3 * DAY_MS, lastTxn + HOUR_MS);
      const roomy = earliest + tail.length * (2 * DAY_MS + HOUR_MS) <= nowMs;
      const share = (nowMs - MINUTE_MS - floor) / Math.max(1, tail.length);
      for (const [k, [to, reason, byMaker]] of tail.entries()) {
        const at = roomy ? officeTimeBetween(clock, earliest, earliest + 2 * DAY_MS) : officeTimeBetween(clock, floor + k * share, floor + (k + 1) * share - 1);
        history.push({ orgId: o.id, from, to, actor: byMaker ? agencyUser : admin, reason, at });
        from = to;
        earliest = at + HOUR_MS;
      }
    }
    await insertHistory(q, history);
    await q(`UPDATE organizations o SET status_reason = h.reason FROM org_status_history h
             WHERE h.org_id = o.id AND h.to_status = o.onboarding_status AND h.reason IS NOT NULL AND o.onboarding_status IN ('REJECTED', 'SUSPENDED', 'UNVERIFY')`);

    // Enabled service types of configured merchant HQs: what they transact.
    await q(
      `UPDATE organization_configs c SET service_types = s.types
       FROM (SELECT merchant_id, array_agg(DISTINCT service_type::text ORDER BY service_type::text) AS types FROM transactions GROUP BY merchant_id) s
       WHERE s.merchant_id = c.org_id AND c.service_types = '{}'`,
    );

    const applicants = await seedReviewQueue(q, rng, { admin, agencyUser, agent, fieldKey, now });
    // A profile's persons and accounts were given with it: dated at its creation.
    for (const table of ['org_persons', 'org_bank_accounts'])
      await q(`UPDATE ${table} x SET created_at = o.created_at, updated_at = o.created_at FROM organizations o WHERE o.id = x.org_id`);
    const [{ h }] = (await q<{ h: number }>(`SELECT count(*)::int AS h FROM org_status_history`)) as [{ h: number }];
    await seedDemoDesks(q, { now, fieldKey, dataDir: opts.dataDir === undefined ? embeddedDataDir(database) : opts.dataDir });
    return { persons: persons.length + applicants.persons, bankAccounts: accounts.length + applicants.count, histories: Number(h), applicants: applicants.count };
  });
}

type Actor = { id: number; email: string };

interface HistoryRow {
  orgId: number;
  from: string | null;
  to: string;
  actor: Actor | null;
  reason: string | null;
  /** UTC ms. */
  at: number;
}

/**
 * How a demo organization left VERIFIED for its seeded status (after its last transaction, so no
 * transaction of it falls in a time it was not VERIFIED): [to, reason, by the maker (the agency
 * user) rather than the platform reviewer]. PENDING is a rejected re-review resubmitted.
 */
const KEY_CHANGE = 'Key data changed after verification: bank account';
const TAILS: Record<string, [string, string | null, boolean][]> = {
  SUSPENDED: [['SUSPENDED', 'Chargeback ratio above 1 % for two months', false]],
  UNVERIFY: [['UNVERIFY', KEY_CHANGE, true]],
  REVIEWING: [['UNVERIFY', KEY_CHANGE, true], ['REVIEWING', null, false]],
  REJECTED: [['UNVERIFY', KEY_CHANGE, true], ['REVIEWING', null, false], ['REJECTED', 'Bank statement does not show the new account holder', false]],
  PENDING: [['UNVERIFY', KEY_CHANGE, true], ['REVIEWING', null, false], ['REJECTED', 'Bank statement does not show the new account holder', false], ['PENDING', null, true]],
};

/** Inserts status-history rows (one statement). */
async function insertHistory(q: Query, rows: HistoryRow[]): Promise<void> {
  const col = <T,>(f: (h: HistoryRow) => T) => rows.map(f);
  await q(
    `INSERT INTO org_status_history (org_id, from_status, to_status, actor_user_id, actor_email, reason, at)
     SELECT o, f, t, a, e, r, to_timestamp(w / 1000.0) FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::float8[]) AS x(o, f, t, a, e, r, w)`,
    [col((h) => h.orgId), col((h) => h.from), col((h) => h.to), col((h) => h.actor?.id ?? null), col((h) => h.actor?.email ?? null), col((h) => h.reason), col((h) => h.at)],
  );
}

/** The seven applicants of the review queue (see the file comment). */
async function seedReviewQueue(
  q: Query,
  rng: Rng,
  o: { admin: Actor; agencyUser: Actor; agent: { id: number; path: string }; fieldKey: Uint8Array; now: Date },
): Promise<{ count: number; persons: number }> {
  const plan: { name: string; steps: [string, string | null][]; }[] = [
    { name: 'Kedai Runcit Seri Mawar', steps: [['PENDING', null]] },
    { name: 'Bakeri Cahaya Pagi Sdn Bhd', steps: [['PENDING', null]] },
    { name: 'Klinik Pergigian Harmoni Sdn Bhd', steps: [['PENDING', null], ['REVIEWING', null]] },
    { name: 'Syarikat Elektrik Jaya Sdn Bhd', steps: [['PENDING', null], ['REVIEWING', null], ['REJECTED', 'SSM certificate is unreadable; upload a clear copy']] },
    { name: 'Butik Anggun Kasih Sdn Bhd', steps: [['PENDING', null], ['REVIEWING', null], ['VERIFIED', null], ['UNVERIFY', 'Bank account changed after verification']] },
    { name: 'Kafe Kopi Tiam Lama Sdn Bhd', steps: [['PENDING', null], ['REVIEWING', null], ['VERIFIED', null], ['SUSPENDED', 'Chargeback ratio above 1 % for two months']] },
    { name: 'Farmasi Sejahtera Sdn Bhd', steps: [['PENDING', null], ['REVIEWING', null], ['VERIFIED', null]] },
  ];
  const [bank] = await q<{ id: number }>(`SELECT id FROM banks WHERE is_active = 1 ORDER BY sort_order, id LIMIT 1`);
  // Submitted in office hours (a stream of its own, so the names and numbers stay as they were); each step a day later at that hour.
  const clock = new Rng(13_2027);
  let persons = 0;
  for (const [i, a] of plan.entries()) {
    const daysAgo = o.now.getTime() - (plan.length - i + 3) * DAY_MS;
    const start = officeTimeBetween(clock, daysAgo - DAY_MS, daysAgo);
    const last = a.steps[a.steps.length - 1]!;
    const sole = !/Sdn Bhd$/.test(a.name);
    const addr = address(rng);
    const regNo = `2026${sole ? '03' : '01'}${String(900_001 + i).padStart(6, '0')}`;
    const [org] = await q<{ id: number }>(
      `INSERT INTO organizations (level, parent_id, path, name, reg_no, company_type, address1, city, state, postcode, phone, email, onboarding_status, status_reason,
         submitted_by_user_id, submitted_at, verified_at, created_by_user_id, created_at, updated_at)
       VALUES ('MERCHANT_HQ', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $14, $15, $15) RETURNING id`,
      [
        o.agent.id, o.agent.path, a.name, regNo, sole ? 'SOLE_PROPRIETORSHIP' : 'SDN_BHD', addr.address1, addr.city, addr.state, addr.postcode, mobilePhone(rng),
        `hello${i + 1}@onboarding.example.my`, last[0], last[1], o.agencyUser.id, new Date(start), a.steps.some((s) => s[0] === 'VERIFIED') ? new Date(start + 2 * DAY_MS) : null,
      ],
    );
    const id = Number(org!.id);
    await q(`UPDATE organizations SET path = $2 WHERE id = $1`, [id, `${o.agent.path}${id}/`]);
    const rows = personsOf(rng, { id, level: 'MERCHANT_HQ', name: a.name, reg_no: regNo, created_at: new Date(start) }, sole ? 'SOLE_PROPRIETORSHIP' : 'SDN_BHD');
    await insertPersons(q, rows);
    persons += rows.length;
    if (bank) {
      const accountNo = `8${String(id).padStart(5, '0')}${rng.digits(6)}`;
      await q(
        `INSERT INTO org_bank_accounts (org_id, bank_id, account_type, account_name, account_no, account_last4, is_primary) VALUES ($1, $2, $3, $4, $5, $6, true)`,
        [id, bank.id, sole ? 'INDIVIDUAL' : 'CORPORATE', a.name, sealSecret(o.fieldKey, accountNo), accountNo.slice(-4)],
      );
    }
    await insertHistory(
      q,
      a.steps.map(([to, reason], k) => ({ orgId: id, from: k ? a.steps[k - 1]![0] : null, to, actor: k === 0 || to === 'UNVERIFY' ? o.agencyUser : o.admin, reason, at: start + k * DAY_MS })),
    );
  }
  return { count: plan.length, persons };
}
