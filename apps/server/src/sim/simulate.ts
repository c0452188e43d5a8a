/**
 * The traffic simulator (issue 31 item 5): a second process that plays the payment gateway and
 * the terminal host, posting signed batches through the ingest API (ingest-client.ts, the
 * `standardwebhooks` signer) about once a second at a rate following the MYT day (traffic.ts), and
 * the follow-up events of what it posted a few seconds later. main.ts starts it beside an embedded
 * demo, so a newcomer's dashboard, lists and risk desk move; `npm run simulate -- --tps N` loads
 * any deployment. Nothing here touches the database unless told to read the roster from one.
 *
 * Input (flags win over the environment):
 *  - --portal URL | PORTAL_URL (http://127.0.0.1:3000);
 *  - --tps N | SIM_TPS: the day's average rows per second (default 0.5: about 43,000 a day);
 *  - SIM_GATEWAY_SECRET, SIM_TERMINAL_SECRET: the sources' `whsec_` secrets (default the demo's,
 *    seed/demo-signing-secrets.ts);
 *  - the roster, the merchants it may post for: SIM_ROSTER (JSON RosterMerchant[], as main.ts
 *    passes it), else --roster FILE (the same JSON), else read from --database-url URL |
 *    DATABASE_URL (PostgreSQL: VERIFIED merchants with a MID, their enabled service types and
 *    active terminals);
 *  - --seconds N: stop after N seconds (default: run until SIGTERM, SIGINT or the parent's end).
 * Output: one line per minute on stdout (rows posted, created, rejected, HTTP failures); exit 0 on
 * a clean stop, 1 when there is no roster or no batch was accepted in the first minute.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { TxnEventRow, TxnIngestRow } from '@paydesk/contract';
import { serverLog } from '../platform/server-log.ts';
import { DEMO_SIGNING_SECRETS } from './demo-secrets.ts';
import { postSigned } from './ingest-client.ts';
import { followUps, onlineRow, rateAt, ROSTER_SQL, rosterOf, terminalRow, type RosterMerchant } from './traffic.ts';

const { values: flags } = parseArgs({
  options: { portal: { type: 'string' }, tps: { type: 'string' }, roster: { type: 'string' }, 'database-url': { type: 'string' }, seconds: { type: 'string' } },
  allowPositionals: false,
});
const env = process.env;
/** Its lines: the server's pino logger (JSON, masked), marked as the simulator's. */
const log = serverLog.child({ component: 'simulate' });
const portal = flags.portal ?? env.PORTAL_URL ?? 'http://127.0.0.1:3000';
const tps = Number(flags.tps ?? env.SIM_TPS ?? 0.5);
const gatewaySecret = env.SIM_GATEWAY_SECRET ?? DEMO_SIGNING_SECRETS.PAYMENT_GATEWAY;
const terminalSecret = env.SIM_TERMINAL_SECRET ?? DEMO_SIGNING_SECRETS.TERMINAL_HOST;
const stopAfterMs = flags.seconds ? Number(flags.seconds) * 1000 : Infinity;

async function loadRoster(): Promise<RosterMerchant[]> {
  if (env.SIM_ROSTER) return JSON.parse(env.SIM_ROSTER) as RosterMerchant[];
  if (flags.roster) return JSON.parse(readFileSync(flags.roster, 'utf8')) as RosterMerchant[];
  const url = flags['database-url'] ?? env.DATABASE_URL;
  if (!url) return [];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return rosterOf((await client.query<{ mid: string; types: string[]; tids: string[] }>(ROSTER_SQL)).rows);
  } finally {
    await client.end();
  }
}

const roster = await loadRoster();
const online = roster.filter((m) => m.serviceTypes.length === 0 || m.serviceTypes.some((t) => t !== 2 && t !== 4));
const withTerminals = roster.filter((m) => m.tids.length && (m.serviceTypes.length === 0 || m.serviceTypes.includes(2)));
if (!online.length && !withTerminals.length) {
  log.error('no merchant to post for (give SIM_ROSTER, --roster or --database-url)');
  process.exit(1);
}

const stats = { posted: 0, created: 0, rejected: 0, failures: 0, events: 0 };
let anyAccepted = false;
const started = Date.now();
let stopping = false;
const due: { at: number; secret: string; events: TxnEventRow[] }[] = [];

async function send(path: string, secret: string, body: unknown): Promise<Record<string, unknown> | null> {
  try {
    const res = await postSigned(portal, path, secret, body);
    if (res.status !== 200) {
      stats.failures++;
      if (stats.failures <= 5 || stats.failures % 100 === 0) log.warn({ path, status: res.status }, String(res.body.ErrorMessage ?? '').slice(0, 200));
      return null;
    }
    anyAccepted = true;
    return res.body;
  } catch (e) {
    stats.failures++;
    if (stats.failures <= 5) log.warn({ path }, `failed: ${(e as Error).message}`);
    return null;
  }
}

/** One second of traffic: the rows due by the MYT curve (random rounding), split by source. */
async function tick(): Promise<void> {
  const now = new Date();
  const expected = rateAt(tps, now);
  const n = Math.floor(expected) + (Math.random() < expected % 1 ? 1 : 0);
  const gateway: TxnIngestRow[] = [];
  const host: TxnIngestRow[] = [];
  for (let i = 0; i < n; i++) {
    const at = new Date(now.getTime() - Math.floor(Math.random() * 1000));
    if (withTerminals.length && (!online.length || Math.random() < 0.55)) host.push(terminalRow(withTerminals[Math.floor(Math.random() * withTerminals.length)]!, at));
    else gateway.push(onlineRow(online[Math.floor(Math.random() * online.length)]!, at));
  }
  for (const [rows, secret] of [[gateway, gatewaySecret], [host, terminalSecret]] as const) {
    if (!rows.length) continue;
    stats.posted += rows.length;
    const answer = await send('/api/ingest/v1/transactions', secret, { Mode: 'VALID_ROWS', Transactions: rows });
    if (!answer) continue;
    stats.created += Number(answer.Created);
    stats.rejected += Number(answer.Rejected);
    const events = followUps(rows, new Date(now.getTime() + 3_000));
    if (events.length) due.push({ at: now.getTime() + 3_000 + Math.random() * 5_000, secret, events });
  }
  const ready = due.filter((d) => d.at <= Date.now());
  for (const d of ready) {
    due.splice(due.indexOf(d), 1);
    if (await send('/api/ingest/v1/events', d.secret, { Mode: 'VALID_ROWS', Events: d.events })) stats.events += d.events.length;
  }
}

let lastReport = Date.now();
async function loop(): Promise<void> {
  while (!stopping && Date.now() - started < stopAfterMs) {
    const t = Date.now();
    await tick();
    if (Date.now() - lastReport >= 60_000) {
      log.info(stats, 'simulated traffic so far');
      lastReport = Date.now();
      if (!anyAccepted) {
        log.error('no batch accepted in the first minute; stopping');
        process.exit(1);
      }
    }
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - t))));
  }
  log.info(stats, 'simulated traffic, stopping');
  process.exit(0);
}

const stop = () => {
  stopping = true;
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Started by the portal (an IPC channel): stop with it.
process.on('disconnect', stop);
void loop();
