/**
 * `npm run seed -- [--transactions N] [--seed S] [--reset]`: fills the database with the demo
 * dataset. PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR (default
 * <repo root>/data; a relative DATA_DIR is taken from the repo root, as the server does). The demo
 * users' password is DEMO_PASSWORD (default "Paydesk@2026"). Stop the server first when it uses
 * the same embedded data folder.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client.ts';
import { DEFAULT_DEMO_PASSWORD, seedDemo } from './index.ts';
import { dateDemoActivity } from './demo-activity-times.ts';
import { replayDemoRisk } from '../modules/risk/replay.ts';
import { loadServerKeys } from '../platform/secrets.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const USAGE = `Usage: npm run seed -- [--transactions N] [--seed S] [--reset]
  --transactions N  transactions to create (default SEED_TRANSACTIONS or 200000)
  --seed S          PRNG seed; the same seed gives the same dataset (default 1)
  --reset           wipe organizations, users, sessions, transactions, refunds, summary, audit log and the demo's terminals and content first
Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite folder, default <repo>/data), DEMO_PASSWORD.`;

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const clean = value.replace(/_/g, '');
  if (!/^\d+$/.test(clean)) throw new Error(`--${name} must be a whole number, got "${value}"`);
  return Number(clean);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      transactions: { type: 'string', short: 'n' },
      seed: { type: 'string', short: 's' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const transactions = positiveInt('transactions', values.transactions, positiveInt('SEED_TRANSACTIONS', process.env.SEED_TRANSACTIONS, 200_000));
  const seed = positiveInt('seed', values.seed, 1);
  const password = process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;
  const target = process.env.DATABASE_URL || resolve(REPO_ROOT, process.env.DATA_DIR || 'data');
  const where = /^postgres(ql)?:\/\//.test(target) ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${target}`;

  const started = Date.now();
  console.log(`Seeding ${transactions} transactions (seed ${seed}${values.reset ? ', reset' : ''}) into ${where}`);
  const database = await openDatabase(target);
  try {
    // The server's keys (PAYDESK_SECRET, or the secret it keeps in DATA_DIR): the demo's provider credentials are sealed as the server reads them.
    const { fieldKey } = loadServerKeys(process.env.PAYDESK_SECRET || undefined, resolve(REPO_ROOT, process.env.DATA_DIR || 'data'));
    const summary = await seedDemo(database, { transactions, seed, password, reset: values.reset, fieldKey, log: (m) => console.log(`  ${m}`) });
    await replayDemoRisk(database, new Date(), (m) => console.log(`  ${m}`));
    // The replay raises its alerts at this moment: each is dated just after the transactions it counted.
    const dated = await database.transaction((q) => dateDemoActivity(q, new Date()));
    console.log(`  risk alerts dated after their transactions: ${dated.riskAlerts}`);
    console.log(`\nDone in ${Date.now() - started} ms: ${summary.organizations} organizations, ${summary.users} users, ${summary.transactions} transactions.`);
    console.log(`Demo sign-ins (password ${process.env.DEMO_PASSWORD ? 'from DEMO_PASSWORD' : `"${DEFAULT_DEMO_PASSWORD}"`}):`);
    for (const s of summary.signIns) console.log(`  ${s.groupType.padEnd(16)} ${s.email}`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(`seed failed: ${err instanceof Error ? err.message : String(err)}`);
  if (!(err instanceof Error && /refuses|must be|Unknown option|unexpected argument/i.test(err.message)) && err instanceof Error && err.stack) console.error(err.stack);
  process.exitCode = 1;
});
