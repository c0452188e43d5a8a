/**
 * `npm start`: opens the database (PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL), runs
 * migrations, ensures reference data, seeds the demo dataset on an empty embedded database (with
 * the providers' demo settlement files, imported, and samples in DATA_DIR/settlement-samples, the
 * payouts of the last 35 business days, merchants' payout accounts and two bank batches, one paid
 * and one awaiting the result file left in DATA_DIR/payout-samples),
 * and serves the portal on PORT (default 3000).
 */
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { loadServerKeys } from './platform/secrets.ts';
import { buildApp } from './app.ts';
import { publicUrlWarning } from './platform/public-url.ts';
import { sealPlainSecrets } from './engine/secret-fields.ts';
import { maskStoredSettlementPans } from './modules/settlement/pan-sweep.ts';
import { RESOURCES } from '@paydesk/contract';
import { DEMO_SIGN_INS, ensureReferenceData, seedDemo } from './seed/index.ts';
import { replayDemoRisk } from './modules/risk/replay.ts';
import { seedDemoSettlementFiles } from './modules/settlement/demo-files.ts';
import { buildDuePayouts } from './modules/payout/jobs.ts';
import { seedDemoPayoutAccounts, seedDemoPayoutBatches } from './modules/payout/demo-banking.ts';
import { seedDemoOnboarding } from './seed/demo-onboarding.ts';

const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    // A bad setting (PUBLIC_URL, S3_*) is the operator's to fix: say which, without a stack trace.
    console.error(`Configuration error: ${(err as Error).message}`);
    process.exit(1);
  }
})();
const started = Date.now();
const database = await openDatabase(config.databaseUrl ?? config.dataDir);
await ensureReferenceData(database);
// The keys first: the demo's provider credentials and payout accounts are sealed under the field key as they are written.
const keys = loadServerKeys(config.secret, config.dataDir);
if (!config.databaseUrl) {
  const [row] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM organizations');
  if (Number(row?.n ?? 0) === 0) {
    console.log(`Empty embedded database: seeding the demo dataset (${config.seedTransactions} transactions)...`);
    await seedDemo(database, { transactions: config.seedTransactions, password: config.demoPassword, fieldKey: keys.fieldKey, log: (m) => console.log(`  ${m}`) });
    await replayDemoRisk(database, new Date(), (m) => console.log(`  ${m}`));
    await seedDemoSettlementFiles(database, config.dataDir, keys.fieldKey, new Date(), (m) => console.log(`  ${m}`));
    const built = await buildDuePayouts(database, new Date());
    console.log(`  payouts of ${Object.keys(built).length} business days: ${Object.values(built).reduce((a, b) => a + b, 0)}`);
    const accounts = await seedDemoPayoutAccounts(database, keys.fieldKey);
    const batches = await seedDemoPayoutBatches(database, { fieldKey: keys.fieldKey, originator: config.productName, dataDir: config.dataDir, now: new Date() });
    console.log(`  payout accounts of ${accounts} merchant HQs; bank batches ${JSON.stringify(batches)}`);
    const onboarding = await seedDemoOnboarding(database, keys.fieldKey, new Date(), { dataDir: config.dataDir });
    console.log(`  onboarding: ${onboarding.persons} persons, ${onboarding.bankAccounts} bank accounts, ${onboarding.histories} status changes, ${onboarding.applicants} applicants to review`);
  }
}
// Payout account numbers written before they were encrypted at rest are sealed once (idempotent).
await sealPlainSecrets(database, keys.fieldKey, RESOURCES);
// Card numbers stored by settlement imports before the readers masked them are masked once (idempotent).
await maskStoredSettlementPans(database);
const app = await buildApp({ database, config, keys, now: () => new Date() }, { logger: process.env.LOG_REQUESTS === 'true' });
await app.listen({ port: config.port, host: config.host });
const url = config.publicUrl || `http://localhost:${config.port}`;
console.log(`\n${config.productName} Portal is running at ${url} (ready in ${Date.now() - started} ms)`);
// Said at every start: without PUBLIC_URL, invitations and password resets are refused in production.
const publicUrlNote = publicUrlWarning(config);
if (publicUrlNote) console.warn(`Warning: ${publicUrlNote}`);
if (!config.databaseUrl) {
  console.log(`Demo sign-ins (password from DEMO_PASSWORD, default "Paydesk@2026"):`);
  for (const s of DEMO_SIGN_INS) console.log(`  ${s.groupType.padEnd(16)} ${s.email}`);
}
/**
 * Graceful shutdown: on SIGTERM or SIGINT stop accepting connections (/readyz answers
 * 503 from the first moment), let requests in flight finish, close the database pool, exit 0.
 * A second signal, or requests still running after SHUTDOWN_GRACE_MS, ends the process at once.
 */
const SHUTDOWN_GRACE_MS = 25_000;
let stopping = false;
const stop = async (signal: string) => {
  if (stopping) process.exit(1);
  stopping = true;
  console.log(`${signal}: finishing requests in flight, then closing`);
  setTimeout(() => {
    console.error(`Requests still running after ${SHUTDOWN_GRACE_MS} ms: exiting`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
