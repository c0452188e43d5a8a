/**
 * Starts the real portal (`apps/server/src/main.ts`) as a child process on a free port with a
 * fresh embedded database in a temporary folder, exactly as `npm start` does after the build.
 *
 * Within a vitest run (PAYDESK_TEST_RUN), the data folder a first start seeds (database, keys,
 * demo files) is built once per run, hour (MYT) and demo size and password, then copied for each
 * portal: seeding 20,000 transactions was most of each file's start. The copy is the portal's
 * own from then on (apps/server/test/run-once.ts keeps the run's copies and removes them).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { hourTag, oncePerRun, runPathOf } from '../apps/server/test/run-once.ts';

const ROOT = resolve(new URL('..', import.meta.url).pathname);

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => (typeof a === 'object' && a ? res(a.port) : rej(new Error('no port'))));
    });
  });
}

export interface RunningPortal {
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * The settings a first start seeds with: the demo size and password (the rest is run time), with
 * the portal's defaults filled in, so a file that leaves one unset shares the template of a file
 * that spells the default out (one seed of 20,000 transactions instead of two).
 */
const SEEDING = { SEED_TRANSACTIONS: '20000', DEMO_PASSWORD: 'Paydesk@2026' } as const;

/**
 * Spawns main.ts on `port` with `dataDir` and `env`; resolves with the child and its output so far
 * once it prints its URL, rejects with its output if it exits first.
 */
async function spawnPortal(port: number, dataDir: string, env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  let out = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(ROOT, 'apps/server'),
    // LOG_LEVEL: the portal's lines (its URL among them) are what this waits for; the test run's own default would silence them.
    // DEMO_SIMULATOR off unless a test asks: other files count rows that its traffic would move.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_TRANSACTIONS: '20000', DATABASE_URL: '', MFA_ENFORCE: 'false', LOG_LEVEL: 'info', DEMO_SIMULATOR: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise<void>((res, rej) => {
    const onExit = (code: number | null) => rej(new Error(`portal exited with ${code}:\n${out}`));
    child.once('exit', onExit);
    const timer = setInterval(() => {
      if (out.includes('is running at')) {
        clearInterval(timer);
        child.off('exit', onExit);
        res();
      }
    }, 100);
  });
  return { child, output: () => out };
}

/** Stops a portal child (SIGTERM: it drains and closes its database) and waits for its exit. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The seeded data folder of this run for `env`'s seeding settings, built by the first caller (a
 * portal started on it and stopped) while others wait (run-once.ts); null outside a vitest run.
 * Throws when the build fails or takes over 10 minutes.
 */
async function seededTemplate(env: Record<string, string>): Promise<string | null> {
  const run = process.env.PAYDESK_TEST_RUN;
  if (!run) return null;
  const seeding = Object.fromEntries(Object.entries(SEEDING).map(([k, fallback]) => [k, env[k] ?? fallback]));
  const template = runPathOf(run, `portal-${hourTag()}-${createHash('sha1').update(JSON.stringify(seeding)).digest('hex').slice(0, 12)}`);
  await oncePerRun(template, async () => stopChild((await spawnPortal(await freePort(), template, seeding)).child));
  return template;
}

/** Starts the portal and resolves when it prints its URL; rejects with its output if it exits. */
export async function startPortal(env: Record<string, string> = {}): Promise<RunningPortal> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-e2e-'));
  const template = await seededTemplate(env);
  if (template) cpSync(template, dataDir, { recursive: true });
  const { child, output } = await spawnPortal(port, dataDir, env);
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output,
    stop: async () => {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
