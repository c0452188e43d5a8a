/**
 * `npm start`: opens the database (PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL), runs
 * migrations, ensures reference data, seeds the demo dataset on an empty embedded database (with
 * the providers' demo settlement files, imported, and samples in DATA_DIR/settlement-samples, the
 * payouts of the last 35 business days, merchants' payout accounts and two bank batches, one paid
 * and one awaiting the result file left in DATA_DIR/payout-samples),
 * and serves the portal on PORT (default 3000). On the embedded demo it also starts the demo log
 * host (seed/demo-log-host.ts), a second process that sends the terminals', devices' and mobile
 * app's logs to the portal's OTLP endpoint with the demo ingest keys (DEMO_LOG_HOST=false: not),
 * and the traffic simulator (sim/simulate.ts), which posts transactions through the signed ingest
 * API as the payment gateway and the terminal host would (DEMO_SIMULATOR=false: not).
 *
 * Every line it writes is a server log line (platform/server-log.ts: pino JSON, masked).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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
import { DEMO_INGEST_KEYS, seedDemoIngestKeys } from './seed/demo-ingest-keys.ts';
import { seedDemoSigningSecrets } from './seed/demo-signing-secrets.ts';
import { ROSTER_SQL, rosterOf } from './sim/traffic.ts';
import { serverLog } from './platform/server-log.ts';

const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    // A bad setting (PUBLIC_URL, S3_*) is the operator's to fix: say which, without a stack trace.
    serverLog.fatal(`Configuration error: ${(err as Error).message}`);
    serverLog.flush();
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
    const say = (m: string) => serverLog.info({ component: 'seed' }, m.trim());
    say(`Empty embedded database: seeding the demo dataset (${config.seedTransactions} transactions)...`);
    await seedDemo(database, { transactions: config.seedTransactions, password: config.demoPassword, fieldKey: keys.fieldKey, log: say });
    await replayDemoRisk(database, new Date(), say);
    await seedDemoSettlementFiles(database, config.dataDir, keys.fieldKey, new Date(), say);
    const built = await buildDuePayouts(database, new Date());
    say(`payouts of ${Object.keys(built).length} business days: ${Object.values(built).reduce((a, b) => a + b, 0)}`);
    const accounts = await seedDemoPayoutAccounts(database, keys.fieldKey);
    const batches = await seedDemoPayoutBatches(database, { fieldKey: keys.fieldKey, originator: config.productName, dataDir: config.dataDir, now: new Date() });
    say(`payout accounts of ${accounts} merchant HQs; bank batches ${JSON.stringify(batches)}`);
    const onboarding = await seedDemoOnboarding(database, keys.fieldKey, new Date(), { dataDir: config.dataDir });
    say(`onboarding: ${onboarding.persons} persons, ${onboarding.bankAccounts} bank accounts, ${onboarding.histories} status changes, ${onboarding.applicants} applicants to review`);
    const ingestKeys = await seedDemoIngestKeys(database);
    say(`log ingest keys of the demo's outside programs: ${Object.keys(ingestKeys).join(', ')}`);
  }
  // On every embedded start (a demo seeded before the ingest API gets them too); idempotent.
  const signing = await seedDemoSigningSecrets(database, keys.fieldKey);
  if (signing.length) serverLog.info({ component: 'seed' }, `signing secrets of the demo's payment gateway and terminal host: ${signing.join(', ')}`);
}
// Payout account numbers written before they were encrypted at rest are sealed once (idempotent).
await sealPlainSecrets(database, keys.fieldKey, RESOURCES);
// Card numbers stored by settlement imports before the readers masked them are masked once (idempotent).
await maskStoredSettlementPans(database);
const app = await buildApp({ database, config, keys, now: () => new Date() }, {});
await app.listen({ port: config.port, host: config.host });
const url = config.publicUrl || `http://localhost:${config.port}`;
serverLog.info({ url, readyMs: Date.now() - started }, `${config.productName} Portal is running at ${url} (ready in ${Date.now() - started} ms)`);
// Said at every start: without PUBLIC_URL, invitations and password resets are refused in production.
const publicUrlNote = publicUrlWarning(config);
if (publicUrlNote) serverLog.warn(publicUrlNote);
let logHost: ChildProcess | null = null;
let simulator: ChildProcess | null = null;
if (!config.databaseUrl) {
  serverLog.info({ signIns: DEMO_SIGN_INS.map((s) => `${s.groupType} ${s.email}`) }, 'Demo sign-ins (password from DEMO_PASSWORD, default "Paydesk@2026")');
  if (process.env.DEMO_LOG_HOST !== 'false') logHost = await startDemoLogHost(`http://127.0.0.1:${config.port}`);
  if (process.env.DEMO_SIMULATOR !== 'false') simulator = await startSimulator(`http://127.0.0.1:${config.port}`);
}

/**
 * Starts the traffic simulator beside the embedded demo (issue 31 item 5): a second Node process
 * (sim/simulate.ts) posting signed batches through the ingest API with the demo's secrets, for the
 * merchants of the roster read here (it cannot open the embedded database itself). SIM_TPS sets
 * its rate (default 0.5 rows/s over the day); DEMO_SIMULATOR=false keeps it off.
 */
async function startSimulator(portalUrl: string): Promise<ChildProcess> {
  const roster = rosterOf(await database.query<{ mid: string; types: string[]; tids: string[] }>(ROSTER_SQL));
  const script = fileURLToPath(new URL('./sim/simulate.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, PORTAL_URL: portalUrl, SIM_ROSTER: JSON.stringify(roster), DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('exit', (code) => {
    if (!stopping && code !== 0) serverLog.warn({ code }, 'the traffic simulator stopped');
  });
  return child;
}

/**
 * Starts the demo log host beside the embedded demo: a second Node process (seed/demo-log-host.ts)
 * told the portal's address, the demo ingest keys and 40 of the demo's terminals with some of
 * their transactions' references. Its output joins this process's; it ends with the portal.
 */
async function startDemoLogHost(portalUrl: string): Promise<ChildProcess> {
  const rows = await database.query<{ tid: string; mid: string; refs: string[] | null }>(
    `SELECT t.tid, t.mid, (SELECT array_agg(x.txn_ref_no) FROM (SELECT txn_ref_no FROM transactions WHERE tid = t.tid ORDER BY created_at DESC LIMIT 5) x) AS refs
       FROM terminals t ORDER BY t.id LIMIT 40`,
  );
  const terminals = rows.map((r) => ({ tid: r.tid, mid: r.mid, txnRefs: r.refs ?? [] }));
  const script = fileURLToPath(new URL('./seed/demo-log-host.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, PORTAL_URL: portalUrl, DEMO_INGEST_KEYS: JSON.stringify(DEMO_INGEST_KEYS), DEMO_TERMINALS: JSON.stringify(terminals) },
    // The IPC channel closes when this process ends, however it ends: the host then stops too.
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('exit', (code) => {
    if (!stopping && code !== 0) serverLog.warn({ code }, 'the demo log host stopped');
  });
  return child;
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
  serverLog.info(`${signal}: finishing requests in flight, then closing`);
  setTimeout(() => {
    serverLog.error(`Requests still running after ${SHUTDOWN_GRACE_MS} ms: exiting`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  logHost?.kill('SIGTERM');
  simulator?.kill('SIGTERM');
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
