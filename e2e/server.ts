/**
 * Starts the real portal (`apps/server/src/main.ts`) as a child process on a free port with a
 * fresh embedded database in a temporary folder, exactly as `npm start` does after the build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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

/** Starts the portal and resolves when it prints its URL; rejects with its output if it exits. */
export async function startPortal(env: Record<string, string> = {}): Promise<RunningPortal> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-e2e-'));
  let out = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(ROOT, 'apps/server'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_TRANSACTIONS: '20000', DATABASE_URL: '', MFA_ENFORCE: 'false', ...env },
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
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
