/**
 * Merchant bulk upload benchmark (up to 5,000 merchants per file).
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/merchant-upload.bench.ts [--rows 5000] [--transactions 10000000]
 *
 * Seeds the database when empty (10 M transactions by default on PostgreSQL), writes one CSV of
 * `rows` merchant HQs under the demo's agents and runs the upload's job exactly as the queue does
 * (runMerchantUpload: read the stored file, check every row, create every merchant with its
 * person, sealed bank account, configuration, history and audit in one transaction). Baseline, in
 * the same process: the same organizations, persons, accounts, configurations and history rows
 * written by five bulk `INSERT … SELECT unnest(…)` statements in one transaction, unchecked and
 * unaudited (the fastest the rows can get into the database). Prints both, the ratio, and the
 * check phase timed on its own beforehand; then deletes what it made. Without DATABASE_URL: an in-memory PGlite.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MERCHANT_UPLOAD_COLUMNS } from '@paydesk/contract';
import type { ServerConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { checkRows, loadReferences } from '../apps/server/src/modules/merchant-upload/rows.ts';
import { runMerchantUpload, UPLOAD_DIR } from '../apps/server/src/modules/merchant-upload/run.ts';
import type { AppContext } from '../apps/server/src/platform/context.ts';
import { storeSheet } from '../apps/server/src/platform/file-store.ts';
import { readSheet } from '../apps/server/src/platform/spreadsheet.ts';
import { benchScope, seedWhenEmpty } from './lib.ts';

const { values } = parseArgs({ options: { rows: { type: 'string' }, transactions: { type: 'string' } } });
const url = process.env.DATABASE_URL;
const ROWS = Number((values.rows ?? '5000').replace(/_/g, ''));
const database = await openDatabase(url ?? 'memory://');
const dataDir = await mkdtemp(join(tmpdir(), 'pd-mu-bench-'));
const RUN = `B${Date.now().toString(36)}`;
try {
  await seedWhenEmpty(database, Number((values.transactions ?? (url ? '10000000' : '20000')).replace(/_/g, '')));
  const agents = (await database.query<{ id: number }>(`SELECT id FROM organizations WHERE level = 'AGENT' AND is_active = 1 ORDER BY id`)).map((a) => Number(a.id));
  const [bank] = await database.query<{ id: number; bank_code: string }>(`SELECT id, bank_code FROM banks WHERE is_active = 1 ORDER BY id LIMIT 1`);
  const [mcc] = await database.query<{ mcc: string }>(`SELECT mcc FROM business_categories WHERE is_active = 1 ORDER BY id LIMIT 1`);
  const [orgCount] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM organizations`);
  console.log(`merchant upload of ${ROWS} rows on ${url ? 'PostgreSQL' : 'PGlite'} (${orgCount!.n} organizations, ${agents.length} agents)`);

  const row = (tag: string, n: number): Record<string, string> => ({
    Agent: String(agents[n % agents.length]), Name: `${RUN}${tag} Kedai ${n} Sdn Bhd`, RegNo: `2022${tag === 'U' ? '01' : '02'}${String(n).padStart(6, '0')}`, CompanyType: 'SDN_BHD',
    BusinessCategory: mcc!.mcc, Address1: `${n} Jalan Ampang`, Postcode: '50450', State: 'Wilayah Persekutuan Kuala Lumpur', City: 'Kuala Lumpur', Phone: '03-2161 0000',
    Email: `m${n}@kedai.my`, PersonName: 'Tan Ah Kow', PersonRole: 'DIRECTOR', PersonIdType: 'NRIC', PersonIdNo: `900101-14-${String(n % 10000).padStart(4, '0')}`,
    BankCode: bank!.bank_code, AccountType: 'CORPORATE', AccountName: 'Kedai', AccountNo: `5140${String(n).padStart(8, '0')}`, SettlementDays: '1',
  });
  const keys = MERCHANT_UPLOAD_COLUMNS.map((c) => c.key);
  const csv = [keys.join(','), ...Array.from({ length: ROWS }, (_, i) => keys.map((k) => row('U', i + 1)[k] ?? '').join(','))].join('\n');

  // The upload, as the job runs it.
  const fieldKey = new Uint8Array(32).fill(7);
  const stored = await storeSheet(dataDir, UPLOAD_DIR, Buffer.from(csv), 'csv', fieldKey);
  const [admin] = await database.query<{ id: number }>(`SELECT id FROM users WHERE email = 'admin@paydesk.my'`);
  const [upload] = await database.query<{ id: number }>(
    `INSERT INTO merchant_uploads (org_id, uploaded_by_user_id, uploaded_by_email, file_name, status, total_rows, file_sha256, file_format) VALUES (NULL, $1, 'bench', 'bench.csv', 'QUEUED', $2, $3, 'csv') RETURNING id`,
    [admin!.id, ROWS, stored.sha256],
  );
  const scope = { ...benchScope(null, null, null), userId: Number(admin!.id) };
  const ctx = { database, config: { dataDir } as ServerConfig, keys: { fieldKey }, now: () => new Date() } as unknown as AppContext;
  // The check phase alone (read the file, load the references, check every row), as the job's first step runs it.
  const c0 = performance.now();
  const { rows: sheetRows } = await readSheet(Buffer.from(csv), 'bench.csv', { limits: { rows: ROWS } });
  const checked = await checkRows(sheetRows, await loadReferences(database.query, scope), async () => {});
  const checkMs = performance.now() - c0;
  if (checked.errors.length) throw new Error(`the bench's rows have errors: ${JSON.stringify(checked.errors.slice(0, 3))}`);
  const t0 = performance.now();
  await runMerchantUpload(ctx, { id: 'bench', data: { uploadId: Number(upload!.id), scope: { ...scope, orgId: null, orgLevel: null, orgPath: null } }, retryCount: 0, retryLimit: 0, lastAttempt: true });
  const uploadMs = performance.now() - t0;
  const [done] = await database.query<{ status: string; created_count: number }>(`SELECT status, created_count FROM merchant_uploads WHERE id = $1`, [upload!.id]);
  if (done!.status !== 'DONE') throw new Error(`the upload ended ${done!.status}`);

  // Baseline: the same rows by bulk statements, unchecked.
  const b0 = performance.now();
  await database.transaction(async (q) => {
    const ns = Array.from({ length: ROWS }, (_, i) => i + 1);
    const made = await q<{ id: number }>(
      `INSERT INTO organizations (level, parent_id, path, name, reg_no, company_type, business_category, address1, postcode, state, city, country, phone, email, onboarding_status, submitted_by_user_id, is_active)
       SELECT 'MERCHANT_HQ', a.id, a.path, $1 || n, '202202' || lpad(n::text, 6, '0'), 'SDN_BHD', $2, n || ' Jalan Ampang', '50450', 'Wilayah Persekutuan Kuala Lumpur', 'Kuala Lumpur', 'MALAYSIA', '+60321610000', 'm' || n || '@kedai.my', 'PENDING', $3, 1
       FROM unnest($4::int[]) AS n JOIN organizations a ON a.id = ($5::int[])[1 + (n % $6)] RETURNING id`,
      [`${RUN}B Kedai `, mcc!.mcc, admin!.id, ns, agents, agents.length],
    );
    const ids = made.map((m) => Number(m.id));
    await q(`UPDATE organizations SET path = path || id || '/', mid = '9' || lpad(id::text, 14, '0') WHERE id = ANY($1::int[])`, [ids]);
    await q(`INSERT INTO org_persons (org_id, name, role, id_type, id_no) SELECT id, 'Tan Ah Kow', 'DIRECTOR', 'NRIC', '900101145678' FROM unnest($1::int[]) AS id`, [ids]);
    await q(`INSERT INTO org_bank_accounts (org_id, bank_id, account_type, account_name, account_no, account_last4, is_primary) SELECT id, $2, 'CORPORATE', 'Kedai', 'sealed', '5678', true FROM unnest($1::int[]) AS id`, [ids, bank!.id]);
    await q(`INSERT INTO organization_configs (org_id) SELECT id FROM unnest($1::int[]) AS id`, [ids]);
    await q(`INSERT INTO org_status_history (org_id, from_status, to_status, actor_user_id, actor_email, at) SELECT id, NULL, 'PENDING', $2, 'bench', now() FROM unnest($1::int[]) AS id`, [ids, admin!.id]);
  });
  const baseMs = performance.now() - b0;

  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`  upload job: ${s(uploadMs)} (of which checking the rows alone: ${s(checkMs)}), ${done!.created_count} merchants, ${Math.round((ROWS / uploadMs) * 1000)} merchants/s`);
  console.log(`  baseline (bulk INSERT … unnest, unchecked, unaudited): ${s(baseMs)}`);
  console.log(`  ratio upload / baseline: ${(uploadMs / baseMs).toFixed(1)}x`);
} finally {
  // What the bench made: its organizations (both runs) and their rows, its upload (the audit log is append-only: its records stay).
  await database.transaction(async (q) => {
    const ids = (await q<{ id: number }>(`SELECT id FROM organizations WHERE name LIKE $1`, [`${RUN}%`])).map((r) => Number(r.id));
    for (const t of ['org_persons', 'org_bank_accounts', 'organization_configs', 'org_status_history']) await q(`DELETE FROM ${t} WHERE org_id = ANY($1::int[])`, [ids]);
    await q(`DELETE FROM organizations WHERE id = ANY($1::int[])`, [ids]);
    await q(`DELETE FROM merchant_uploads WHERE uploaded_by_email = 'bench'`);
  });
  await rm(dataDir, { recursive: true, force: true });
  await database.close();
}
