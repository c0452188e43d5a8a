/**
 * Per-request cost benchmark: `node --expose-gc --import tsx bench/api.bench.ts
 * [-n REQUESTS] [-c CONNECTIONS] [-r ROUNDS]` (default 20,000 requests over 32 connections, 3 rounds).
 *
 * In one process it starts
 *  - a bare Fastify 5 answering `GET /api/portal/Home/GetCurrency` with the same JSON (baseline),
 *  - the portal (`buildApp`) on PostgreSQL when DATABASE_URL is set (a fresh database, dropped at
 *    the end), else on in-memory PGlite, seeded with a small demo,
 * signs in, pre-computes the sealed requests (unique nonces, valid signatures, the bearer token)
 * so that client-side crypto is not measured, fires the same number of requests at each server
 * with undici over the same number of keep-alive connections, and prints req/s of both and the
 * ratio (plus the portal's plain `GET /api/portal/ip/echo` for scale). The runs alternate between
 * the servers for ROUNDS rounds and the best of each counts, which evens out a shared machine's
 * noise. Each line also gives the process CPU time per request (client included, lowest of the
 * rounds): on a loaded machine req/s falls with the CPU share the process gets, CPU per request
 * much less, so the second ratio (bare CPU / portal CPU) is the steadier one.
 *
 * Logging (issue 30): the portal measured logs as it does in production — one pino line per
 * request at info (to /dev/null through pino's own destination, as stdout would be) and one portal
 * log entry per request into the batched log store. In the same rounds: the same portal with
 * LOG_LEVEL=silent (no lines; the portal log, which LOG_LEVEL does not govern, still written) —
 * the ratio info / silent is the goal's (≥ 90 %) — and one with no logging at all (no lines, no
 * portal log), for what the log store costs a request besides. Numbers only, no assertions; a
 * small run for a smoke test: `-n 500 -c 4 -r 1`.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import pino from 'pino';
import { Pool } from 'undici';
import { PortalClient, openResponse, routes, sealRequest } from '@paydesk/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/seed/index.ts';
import { freshDatabaseTarget } from './lib.ts';

const { values } = parseArgs({ options: { requests: { type: 'string', short: 'n' }, connections: { type: 'string', short: 'c' }, rounds: { type: 'string', short: 'r' } } });
const N = Number(values.requests ?? 20_000);
const CONNECTIONS = Number(values.connections ?? 32);
const ROUNDS = Number(values.rounds ?? 3);
const WARMUP = Math.min(2_000, Math.ceil(N / 5));
const PASSWORD = 'bench-password';
const PATH = routes.currencies.path;

interface Req {
  path: string;
  headers: Record<string, string>;
}

/** Fires `reqs` at `origin` over CONNECTIONS connections; returns req/s. Throws on any non-200. */
async function fire(origin: string, reqs: Req[]): Promise<number> {
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1 });
  let next = 0;
  let failures = 0;
  let firstFailure = '';
  const worker = async () => {
    while (next < reqs.length) {
      const r = reqs[next++]!;
      const res = await pool.request({ method: 'GET', path: r.path, headers: r.headers });
      const text = await res.body.text();
      if (res.statusCode !== 200 && failures++ === 0) firstFailure = `${res.statusCode} ${text}`;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - t0) / 1000;
  await pool.close();
  if (failures) throw new Error(`${failures} of ${reqs.length} requests failed, first: ${firstFailure}`);
  return reqs.length / seconds;
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

/** One measured run: requests per second, and process CPU µs (user + system) per request. */
interface Run {
  rate: number;
  cpu: number;
}

/** Warms up, then fires N requests; returns the run's req/s and CPU per request. */
async function measure(origin: string, make: (n: number) => Promise<Req[]>): Promise<Run> {
  await fire(origin, await make(WARMUP));
  const reqs = await make(N);
  gc();
  const cpu0 = process.cpuUsage();
  const rate = await fire(origin, reqs);
  const cpu = process.cpuUsage(cpu0);
  return { rate, cpu: (cpu.user + cpu.system) / reqs.length };
}

const bestRate = (runs: Run[]) => Math.max(...runs.map((r) => r.rate));
const bestCpu = (runs: Run[]) => Math.min(...runs.map((r) => r.cpu));
const show = (label: string, runs: Run[]) =>
  console.log(
    `  ${label.padEnd(50)} ${bestRate(runs).toFixed(0).padStart(7)} req/s ${bestCpu(runs).toFixed(0).padStart(5)} µs CPU/req  (runs: ${runs.map((r) => r.rate.toFixed(0)).join(', ')})`,
  );

// ---- The portal.
const { target, drop } = await freshDatabaseTarget();
const database = await openDatabase(target);
await seedDemo(database, { transactions: 200, password: PASSWORD, seed: 1 });
const config = { ...loadConfig({}), loginRateLimitPerMinute: 1000 };
const keys = { jwtKey: randomBytes(32), kek: randomBytes(32), fieldKey: randomBytes(32) };
const portal = await buildApp({ database, config: { ...config, logLevel: 'info' }, keys, now: () => new Date() }, { logStream: pino.destination({ dest: '/dev/null', sync: false }) });
const portalOrigin = await portal.listen({ port: 0, host: '127.0.0.1' });
// The same portal with LOG_LEVEL=silent (the portal log still written), and with no logging at all.
const silent = await buildApp({ database, config: { ...config, logLevel: 'silent' }, keys, now: () => new Date() });
const silentOrigin = await silent.listen({ port: 0, host: '127.0.0.1' });
const unlogged = await buildApp({ database, config: { ...config, logLevel: 'silent' }, keys, now: () => new Date() }, { portalLog: false });
const unloggedOrigin = await unlogged.listen({ port: 0, host: '127.0.0.1' });

const client = new PortalClient(portalOrigin);
await client.login('merchant@paydesk.my', PASSWORD);
const currencies = await client.call('currencies');
const channel = client.keys!;
const bearer = `Bearer ${client.token!}`;

/** Sealed GETs with fresh nonces, sealed before the clock starts. */
const sealed = async (n: number): Promise<Req[]> =>
  Promise.all(Array.from({ length: n }, async () => ({ path: PATH, headers: { ...(await sealRequest(channel, 'GET', PATH)).headers, authorization: bearer } })));

// One sealed call checked end to end, so the run measures real encrypted, signed answers.
{
  const [probe] = await sealed(1);
  const res = await fetch(`${portalOrigin}${PATH}`, { headers: probe!.headers });
  const opened = await openResponse(channel, PATH, await res.text());
  if (JSON.stringify(opened) !== JSON.stringify(currencies)) throw new Error('the encrypted answer does not open to the currency list');
}

// ---- The baseline: bare Fastify 5 with the same JSON.
const bare = Fastify();
bare.get(PATH, async () => currencies);
const bareOrigin = await bare.listen({ port: 0, host: '127.0.0.1' });
const plain = async (path: string, n: number): Promise<Req[]> => Array.from({ length: n }, () => ({ path, headers: {} }));

console.log(`${N} requests over ${CONNECTIONS} connections (${database.kind}), ${currencies.length} currencies, best of ${ROUNDS} rounds`);
const bareRuns: Run[] = [];
const portalRuns: Run[] = [];
const silentRuns: Run[] = [];
const unloggedRuns: Run[] = [];
for (let r = 0; r < ROUNDS; r++) {
  bareRuns.push(await measure(bareOrigin, (n) => plain(PATH, n)));
  portalRuns.push(await measure(portalOrigin, sealed));
  silentRuns.push(await measure(silentOrigin, sealed));
  unloggedRuns.push(await measure(unloggedOrigin, sealed));
}
show('bare Fastify 5, same JSON', bareRuns);
show('portal, authenticated encrypted GetCurrency', portalRuns);
show('portal, same, LOG_LEVEL=silent (portal log kept)', silentRuns);
show('portal, same, no lines and no portal log', unloggedRuns);
show('portal, plain ip/echo (no channel, no session)', [await measure(portalOrigin, (n) => plain(routes.ipEcho.path, n))]);
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
console.log(`  ratio portal / bare Fastify, req/s (best of each):         ${pct(bestRate(portalRuns) / bestRate(bareRuns))}`);
console.log(`  ratio portal / bare Fastify, by CPU per request (lowest):  ${pct(bestCpu(bareRuns) / bestCpu(portalRuns))}`);
console.log(`  ratio logging on / silent, req/s (best of each):           ${pct(bestRate(portalRuns) / bestRate(silentRuns))}`);
console.log(`  ratio logging on / silent, by CPU per request (lowest):    ${pct(bestCpu(silentRuns) / bestCpu(portalRuns))}`);
console.log(`  ratio logging on / no logging at all, req/s (best of each): ${pct(bestRate(portalRuns) / bestRate(unloggedRuns))}`);

await bare.close();
await silent.close();
await unlogged.close();
await portal.close();
await database.close();
await drop();
