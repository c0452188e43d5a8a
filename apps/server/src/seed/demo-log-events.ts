/**
 * What the demo's outside programs say (seed/demo-log-host.ts): for each OTLP log source its
 * service name, how many records a minute it sends, and the kinds of record it sends, each a
 * function of the terminal it is about. Wording, codes and figures follow what a Malaysian
 * terminal estate logs: key exchanges with a KCV, host time-outs, settlement batches, receipt
 * uploads; never a card number (a masked PAN at most).
 */

/** A demo terminal: its TID, MID and some of its transactions' references. */
export interface DemoTerminal {
  tid: string;
  mid: string;
  txnRefs: string[];
}

/** One record as the host sends it. */
export interface DemoLogEvent {
  event: string;
  severity: 'INFO' | 'WARN' | 'ERROR';
  message: string;
  txnRef?: string;
  attributes?: Record<string, string | number>;
}

type Kind = (t: DemoTerminal) => DemoLogEvent;

const int = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));
const hex = (n: number) => Array.from({ length: n }, () => '0123456789ABCDEF'[int(0, 15)]).join('');
const ref = (t: DemoTerminal) => (t.txnRefs.length ? t.txnRefs[int(0, t.txnRefs.length - 1)] : undefined);
const batch = () => String(int(1, 999)).padStart(6, '0');

/** Every OTLP source's demo records. */
export const DEMO_LOG_EVENTS: Readonly<Record<string, { service: string; perMinute: number; kinds: readonly Kind[] }>> = {
  TERMINAL: {
    service: 'terminal-host',
    perMinute: 3,
    kinds: [
      (t) => ({ event: 'terminal.boot', severity: 'INFO', message: `Terminal ${t.tid} started, firmware 4.2.${int(0, 9)}` }),
      () => ({ event: 'terminal.key_exchange', severity: 'INFO', message: `Key exchange completed, KCV ${hex(6)}` }),
      () => ({ event: 'host.timeout', severity: 'WARN', message: `Host did not answer within 30000 ms; retrying (attempt ${int(1, 3)} of 3)`, attributes: { 'timeout.ms': 30000 } }),
      (t) => ({ event: 'settlement.closed', severity: 'INFO', message: `Settlement batch ${batch()} closed: ${int(3, 60)} sales`, txnRef: ref(t) }),
      () => ({ event: 'printer.paper_out', severity: 'WARN', message: 'Printer out of paper' }),
      (t) => ({ event: 'card.fallback', severity: 'WARN', message: 'Chip read failed; fell back to magnetic stripe', txnRef: ref(t) }),
      (t) => ({ event: 'host.declined', severity: 'ERROR', message: `Host declined with response code ${['05', '51', '54', '91'][int(0, 3)]}`, txnRef: ref(t) }),
    ],
  },
  MASTER_DEVICES_API: {
    service: 'master-devices-api',
    perMinute: 2,
    kinds: [
      (t) => ({ event: 'api.request', severity: 'INFO', message: `POST /devices/${t.tid}/heartbeat 200 in ${int(12, 90)} ms` }),
      (t) => ({ event: 'api.request', severity: 'INFO', message: `GET /devices/${t.tid}/config 304 in ${int(5, 40)} ms` }),
      (t) => ({ event: 'api.request', severity: 'WARN', message: `PUT /devices/${t.tid}/params 409: the device holds a newer parameter version` }),
      (t) => ({ event: 'api.request', severity: 'ERROR', message: `POST /devices/${t.tid}/firmware-report 500 in ${int(800, 3000)} ms` }),
    ],
  },
  MOBILE: {
    service: 'mobile-backend',
    perMinute: 2,
    kinds: [
      () => ({ event: 'mobile.sign_in', severity: 'INFO', message: `Signed in from app 3.${int(6, 9)}.${int(0, 4)} (${['Android 14', 'Android 15', 'iOS 18.1', 'iOS 17.6'][int(0, 3)]})` }),
      () => ({ event: 'mobile.push_token', severity: 'INFO', message: 'Push notification token refreshed' }),
      (t) => ({ event: 'mobile.qr_created', severity: 'INFO', message: `DuitNow QR payment request created for RM ${int(5, 300)}.${String(int(0, 99)).padStart(2, '0')}`, txnRef: ref(t) }),
      () => ({ event: 'mobile.session_expired', severity: 'WARN', message: 'Session expired after 15 min idle; asked to sign in again' }),
    ],
  },
  CARD_RECEIPT_UPLOAD: {
    service: 'card-receipt-upload',
    perMinute: 1,
    kinds: [
      (t) => ({ event: 'receipt.uploaded', severity: 'INFO', message: `Signed card receipt uploaded: ${int(20, 90)} KB`, txnRef: ref(t), attributes: { 'file.bytes': int(20_000, 90_000) } }),
      (t) => ({ event: 'receipt.rejected', severity: 'ERROR', message: 'Upload rejected: the image is unreadable', txnRef: ref(t) }),
    ],
  },
  TERMINAL_ERECEIPT_UPLOAD: {
    service: 'terminal-ereceipt',
    perMinute: 1,
    kinds: [
      (t) => ({ event: 'ereceipt.sent', severity: 'INFO', message: 'E-receipt sent to the customer by e-mail', txnRef: ref(t) }),
      (t) => ({ event: 'ereceipt.sms', severity: 'INFO', message: 'E-receipt link sent by SMS', txnRef: ref(t) }),
      (t) => ({ event: 'ereceipt.failed', severity: 'WARN', message: 'E-receipt not delivered: the mailbox refused it; will retry', txnRef: ref(t) }),
    ],
  },
};
