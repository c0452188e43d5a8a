/**
 * The process-wide server log on stdout (issue 30 item 1): pino JSON lines for the code that runs
 * outside a request and has no Fastify logger at hand — the job queue, mail delivery, object
 * storage, the database pool. Every line passes the same guard as the request log
 * (log-masking.ts serverLoggerOptions: PANs masked, secrets' values redacted), so a warning that
 * quotes a provider's error or a card number leaves nothing whole on stdout.
 *
 * Level: LOG_LEVEL (trace … fatal, or silent) when set to one of pino's names, else info — but
 * silent under vitest without LOG_LEVEL, as the test harness keeps the request log silent
 * (test/integration/harness.ts): a test that asserts on a line taps it (`tapServerLog`).
 *
 * Why not process.emitWarning (what these callers used before): a warning is one text line on
 * stderr with no level, no fields and no masking, and the process's 'warning' listeners are the
 * only way to read it back.
 */
import pino, { type Logger } from 'pino';
import { serverLoggerOptions, type LogStream } from './log-masking.ts';

/** pino's level names LOG_LEVEL may hold (config.ts accepts the same). */
const LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']);

/**
 * The level of the server log for environment `env`: LOG_LEVEL when it names a pino level; else
 * 'silent' under vitest (env.VITEST set), 'info' otherwise.
 */
export function serverLogLevel(env: NodeJS.ProcessEnv = process.env): string {
  const level = env.LOG_LEVEL ?? '';
  if (LEVELS.has(level)) return level;
  return env.VITEST ? 'silent' : 'info';
}

const configuredLevel = serverLogLevel();
/** Lines go to stdout unless the configured level is silent (a tap may still lower the level). */
const toStdout = configuredLevel !== 'silent';
const taps = new Set<(line: Record<string, unknown>) => void>();

/** pino's destination: stdout (when configured) and every tap, each line already masked. */
const destination: LogStream = {
  write(line: string) {
    if (toStdout) process.stdout.write(line);
    if (taps.size === 0) return;
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(line) as Record<string, unknown>;
    } catch {
      parsed = { msg: line };
    }
    for (const tap of taps) tap(parsed);
  },
};

/**
 * The server log (a pino Logger): `serverLog.warn({ mailId }, 'mail stays PENDING …')`. Fields are
 * structured; never pass a secret or a full PAN as a message (they are masked, but should not be
 * there). Lines carry `component` when the caller sets it.
 */
export const serverLog: Logger = pino(serverLoggerOptions(undefined, configuredLevel), destination);

/**
 * Test seam: calls `listener` with every line written from now on (parsed JSON, after masking),
 * lowering the level to info meanwhile when it is silent (stdout stays as configured). Answers the
 * function that removes the tap (the level returns to the configured one when no tap is left).
 */
export function tapServerLog(listener: (line: Record<string, unknown>) => void): () => void {
  taps.add(listener);
  if (serverLog.level === 'silent') serverLog.level = 'info';
  return () => {
    taps.delete(listener);
    if (taps.size === 0) serverLog.level = configuredLevel;
  };
}
