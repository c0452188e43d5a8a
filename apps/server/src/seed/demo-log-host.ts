/**
 * The demo's terminal host (issue 30 item 3): a second process that plays the programs outside
 * the portal — the terminal host, the master devices API, the mobile app's back end and the two
 * receipt upload services — and sends their log records to the portal's OTLP/HTTP logs endpoint
 * with OpenTelemetry's own SDK and exporter, each source with its own ingest key, exactly as a
 * real deployment would; and, as the terminals' log files, the last days' logs at start and today's
 * log so far every 20 minutes to the terminal log file upload (`POST /api/otlp/v1/log-files`,
 * seed/demo-log-files.ts) with the master terminal source's key. main.ts starts it beside an embedded demo; nothing here touches the database.
 *
 * Input (environment, JSON where noted):
 *  - PORTAL_URL: the portal's origin (http://127.0.0.1:3000);
 *  - DEMO_INGEST_KEYS: {source: key} for the sources with ingest keys (seed/demo-ingest-keys.ts);
 *  - DEMO_TERMINALS: [{tid, mid, txnRefs: string[]}] of the demo's terminals;
 *  - BACKLOG_MINUTES (default 120): records spread over that many minutes before now, first;
 *  - INTERVAL_MS (default 4000): then a few records every that many ms, until SIGTERM or SIGINT;
 *  - ONCE=1: send the backlog and exit (tests).
 * Output: exit 0 after a clean shutdown (SIGTERM, SIGINT, or its parent portal's end, seen as
 * the IPC channel closing); 1 when a batch could not be sent at start. A log file the portal
 * refuses is reported on stderr and the host goes on (the OTLP logs do not depend on it).
 */
import { SeverityNumber } from '@opentelemetry/api-logs';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchLogRecordProcessor, LoggerProvider } from '@opentelemetry/sdk-logs';
import { DEMO_LOG_EVENTS, type DemoLogEvent, type DemoTerminal } from './demo-log-events.ts';
import { demoLogFiles, demoPartialLogFiles, type DemoLogFile } from './demo-log-files.ts';

const env = process.env;
/** How often today's log so far is sent (ms): the master terminal log screen gains entries through the day. */
const PARTIAL_EVERY_MS = 20 * 60_000;
const portal = env.PORTAL_URL ?? 'http://127.0.0.1:3000';
const keys = JSON.parse(env.DEMO_INGEST_KEYS ?? '{}') as Record<string, string>;
const terminals = JSON.parse(env.DEMO_TERMINALS ?? '[]') as DemoTerminal[];
const backlogMinutes = Number(env.BACKLOG_MINUTES ?? 120);
const intervalMs = Number(env.INTERVAL_MS ?? 4000);

const SEVERITY: Record<DemoLogEvent['severity'], SeverityNumber> = { INFO: SeverityNumber.INFO, WARN: SeverityNumber.WARN, ERROR: SeverityNumber.ERROR };

/** One provider per source: its service name and its own ingest key. */
const providers = Object.entries(DEMO_LOG_EVENTS)
  .filter(([source]) => keys[source])
  .map(([source, events]) => {
    const exporter = new OTLPLogExporter({ url: `${portal}/api/otlp/v1/logs`, headers: { Authorization: `Bearer ${keys[source]}` } });
    const provider = new LoggerProvider({
      resource: resourceFromAttributes({ 'service.name': events.service }),
      processors: [new BatchLogRecordProcessor({ exporter, maxExportBatchSize: 500, scheduledDelayMillis: 1000 })],
    });
    return { source, events, provider, logger: provider.getLogger(events.service) };
  });

const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** Emits one record of `p`'s kinds at `at`, about a random demo terminal. */
function emit(p: (typeof providers)[number], at: Date): void {
  if (terminals.length === 0) return;
  const terminal = pick(terminals);
  const e = pick(p.events.kinds)(terminal);
  p.logger.emit({
    timestamp: at,
    eventName: e.event,
    severityNumber: SEVERITY[e.severity],
    severityText: e.severity,
    body: e.message,
    attributes: { 'terminal.id': terminal.tid, 'merchant.id': terminal.mid, ...(e.txnRef ? { 'transaction.ref': e.txnRef } : {}), ...e.attributes },
  });
}

/**
 * Uploads the demo terminals' log files of the last days with the master terminal key, as a
 * terminal does after closing its day; the same file again is answered, not stored twice. A
 * refusal is reported on stderr, never fatal.
 */
async function uploadLogFiles(files: readonly DemoLogFile[]): Promise<void> {
  const key = keys.MASTER_TERMINAL;
  if (!key) return;
  for (const f of files) {
    const query = new URLSearchParams({ Tid: f.tid, LogDate: f.logDate, FileName: f.fileName });
    try {
      const res = await fetch(`${portal}/api/otlp/v1/log-files?${query.toString()}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/octet-stream' },
        body: new Uint8Array(f.content),
      });
      if (!res.ok) process.stderr.write(`demo log host: log file ${f.fileName} refused: ${res.status} ${await res.text()}\n`);
    } catch (err) {
      process.stderr.write(`demo log host: log file ${f.fileName} not sent: ${err instanceof Error ? err.message : String(err)}\n`);
    }
  }
}

async function main(): Promise<void> {
  const now = Date.now();
  await uploadLogFiles([...demoLogFiles(terminals, new Date(now)), ...demoPartialLogFiles(terminals, new Date(now))]);
  for (const p of providers) {
    const n = Math.max(1, Math.round(backlogMinutes * p.events.perMinute));
    for (let i = 0; i < n; i++) emit(p, new Date(now - Math.random() * backlogMinutes * 60_000));
  }
  await Promise.all(providers.map((p) => p.provider.forceFlush()));
  if (env.ONCE === '1') return shutdown(0);
  const timer = setInterval(() => {
    for (const p of providers) if (Math.random() < Math.min(1, (p.events.perMinute * intervalMs) / 60_000)) emit(p, new Date());
  }, intervalMs);
  const files = setInterval(() => void uploadLogFiles(demoPartialLogFiles(terminals, new Date())), PARTIAL_EVERY_MS);
  const stop = () => {
    clearInterval(timer);
    clearInterval(files);
    void shutdown(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // Started by the portal with an IPC channel (main.ts): when the portal ends, even killed, so does the host.
  if (process.send) process.once('disconnect', stop);
}

async function shutdown(code: number): Promise<void> {
  await Promise.allSettled(providers.map((p) => p.provider.shutdown()));
  process.exit(code);
}

main().catch((err: unknown) => {
  process.stderr.write(`demo log host: ${err instanceof Error ? err.message : String(err)}\n`);
  void shutdown(1);
});
