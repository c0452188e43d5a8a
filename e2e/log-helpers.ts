/**
 * Helpers of the log screens' e2e (logs.test.ts, issue 30):
 *  - `httpsReceiver`: a merchant's refund acknowledgement receiver on loopback over HTTPS (the
 *    merchant configuration takes https callback URLs only), answering a scripted list of statuses;
 *    its certificate is self-signed for 127.0.0.1 by openssl, and the portal trusts it through
 *    NODE_EXTRA_CA_CERTS (node's own extra trust anchors), so the portal's call is a real TLS call;
 *  - `otlpTerminalLogger`: OpenTelemetry's own SDK (LoggerProvider, SimpleLogRecordProcessor) and
 *    OTLP/HTTP exporter, as the demo terminal host (apps/server/src/seed/demo-log-host.ts) sends,
 *    with the export's outcome and the instant it finished recorded;
 *  - `promtoolCheck`: `promtool check metrics` (Debian's prometheus) on a scrape.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SeverityNumber } from '@opentelemetry/api-logs';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { LoggerProvider, SimpleLogRecordProcessor, type LogRecordExporter, type ReadableLogRecord } from '@opentelemetry/sdk-logs';

export const PROMTOOL = '/usr/bin/promtool';

/** A request the receiver took: its headers and body. */
export interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface HttpsReceiver {
  /** Its origin, https://127.0.0.1:<port>. */
  origin: string;
  /** The PEM file of its certificate (for the portal's NODE_EXTRA_CA_CERTS). */
  certFile: string;
  /** What it took, in order. */
  received: Received[];
  /** The statuses it answers next (one per request; 200 once empty). */
  script: number[];
  close(): Promise<void>;
}

/** Starts the HTTPS receiver on 127.0.0.1 with a certificate made now (openssl, P-256, one day). */
export async function httpsReceiver(): Promise<HttpsReceiver> {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-e2e-receiver-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile, '-out', certFile,
    '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
  ], { stdio: 'pipe' });
  const received: Received[] = [];
  const script: number[] = [];
  const server: Server = createServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) }, (req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = script.shift() ?? 200;
      res.setHeader('content-type', 'text/plain');
      res.end(res.statusCode < 300 ? 'accepted' : 'busy, try later');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `https://127.0.0.1:${port}`,
    certFile,
    received,
    script,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One export's outcome and when it finished (Date.now()). */
export interface Exported {
  code: ExportResultCode;
  error?: Error;
  at: number;
}

/**
 * A logger of the terminal host: OpenTelemetry's LoggerProvider with a SimpleLogRecordProcessor
 * (each record exported as it is emitted) over the OTLP/HTTP (JSON) exporter, to the portal's
 * `/api/otlp/v1/logs` with the ingest key `key`. `send` emits one record and resolves with its
 * export's outcome once the export has finished; one `send` at a time.
 */
export function otlpTerminalLogger(portalUrl: string, key: string) {
  const otlp = new OTLPLogExporter({ url: `${portalUrl}/api/otlp/v1/logs`, headers: { Authorization: `Bearer ${key}` } });
  /** Called with each export's outcome as it finishes (the waiting `send`). */
  const waiting: ((e: Exported) => void)[] = [];
  // The SDK's exporter, with each export's result and end recorded on the way back.
  const exporter: LogRecordExporter = {
    export: (logs: ReadableLogRecord[], done: (r: ExportResult) => void) =>
      otlp.export(logs, (r) => {
        const e = { code: r.code, error: r.error, at: Date.now() };
        done(r);
        waiting.shift()?.(e);
      }),
    shutdown: () => otlp.shutdown(),
    forceFlush: () => otlp.forceFlush(),
  };
  const provider = new LoggerProvider({
    resource: resourceFromAttributes({ 'service.name': 'paydesk-e2e-terminal-host' }),
    processors: [new SimpleLogRecordProcessor({ exporter })],
  });
  const logger = provider.getLogger('paydesk-e2e-terminal-host');
  return {
    /**
     * Emits one record and resolves with its export's outcome once the export finished (the
     * simple processor's forceFlush does not wait for an export under way, so the exporter tells).
     */
    send(message: string, attributes: Record<string, string> = {}): Promise<Exported> {
      const exported = new Promise<Exported>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the log record "${message}" was not exported within 10 s`)), 10_000);
        waiting.push((e) => {
          clearTimeout(timer);
          resolve(e);
        });
      });
      logger.emit({ severityNumber: SeverityNumber.INFO, severityText: 'INFO', body: message, attributes: { 'event.kind': 'e2e', ...attributes } });
      return exported;
    },
    shutdown: () => provider.shutdown(),
  };
}

/** Runs `promtool check metrics` with `text` on stdin: its exit code and all it printed. */
export function promtoolCheck(text: string): { status: number | null; printed: string } {
  const r = spawnSync(PROMTOOL, ['check', 'metrics'], { input: text, encoding: 'utf8' });
  return { status: r.status, printed: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}
