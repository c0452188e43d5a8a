/**
 * The demo's terminals, devices and content (the terminal configuration screens), so
 * /terminal-management, /master-devices, the advertisement, topic, notification and receipt screens
 * and the provider (TPA) pages open on rows that agree with the demo's transactions.
 *
 * - **Terminals**: one per TID the demo's terminal transactions (service type 2) carry, at the
 *   outlet that took them (`coalesce(branch_id, merchant_id)`: a TID belongs to one HQ or branch),
 *   with those transactions' MID and their most frequent acquirer (the merchant's, else the first
 *   active acquirer: an eWallet-only TID has none). Status: SUSPENDED at a suspended merchant or
 *   outlet, some DECOMMISSIONED among those silent for 30 days, a few suspended for review, the rest
 *   ACTIVE; plus a few PENDING ones (TIDs 69xxxxxx, outside the generator's 6000xxxx) set up at
 *   outlets and not yet live. Last seen: minutes after the TID's last transaction (ACTIVE) or at it.
 *   Model: a kiosk of the unattended-cash demo is a PAX IM30; otherwise mostly the merchant's
 *   usual model. Firmware from a small set per manufacturer (FIRMWARE_BUILDS).
 * - **Devices**: one DEPLOYED device per terminal (its serial), plus spares IN_STOCK, in REPAIR and
 *   RETIRED; portable, mPOS and unattended models carry an IMEI (15 digits, Luhn check digit) and a
 *   SIM (ICCID 8960…, 19 digits with its Luhn digit; a Malaysian mobile number), countertops none.
 * - **Content**: advertisements on terminals and in the app dated around `now` (ended, running,
 *   upcoming), push topics, notification texts in en/ms/zh, receipt templates (platform defaults and
 *   two master merchants' own) and banners for both receipt types.
 * - **Provider configurations**: for up to five merchants with terminals (the demo merchant first,
 *   then one of each provider), its terminal provider's merchant row and one mapping per terminal. ApiKey and SecretKey are
 *   sealed with `sealSecret` under the field key, as the engine stores secret fields, when the
 *   caller passes it (main.ts, the seed CLI and the test harness do); without it they stay NULL.
 *
 * Ids are handed out oldest outlet first, so the configuration times spread afterwards
 * (config-times.ts) date a terminal of an older outlet earlier. Reads are two aggregates; each table
 * is one unnest INSERT. Deterministic: the same seed and `now` give the same rows (secrets aside,
 * whose ciphertext has a random IV).
 */
import { TERMINAL_MODELS } from '@paydesk/domain';
import { sealSecret } from '../engine/secret-fields.ts';
import { pgArray } from '../db/pg-array.ts';
import { Rng, WeightedTable } from './random.ts';

type Exec = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const MYT_MS = 8 * 3600_000;

/** Row counts written per table (demo.ts RESET_TABLES lists the same tables: a reset of the demo empties them). */
export interface DemoTerminalCounts {
  master_devices: number;
  terminals: number;
  terminal_advertisements: number;
  mobile_advertisements: number;
  mobile_topics: number;
  mobile_notification_contents: number;
  nfc_receipt_templates: number;
  nfc_receipt_banners: number;
  tpa_provider_configs: number;
}

export interface DemoTerminalOptions {
  seed: number;
  now: Date;
  /** The demo merchant HQ (gets a pending terminal, a targeted advertisement and provider rows first). */
  demoHqId: number;
  /** The server's field key: provider credentials are sealed under it; without it they are not written. */
  fieldKey?: Uint8Array;
}

/** One terminal as read from the transactions (or made pending). */
interface TidRow {
  tid: string;
  org_id: number;
  merchant_id: number;
  mid: string;
  acquirer_id: number | null;
  merchant_acquirer_id: number | null;
  provider: string | null;
  first_at: Date | null;
  last_at: Date | null;
  suspended: boolean;
}

interface Terminal extends TidRow {
  model: string;
  serial: string;
  status: 'PENDING' | 'ACTIVE' | 'SUSPENDED' | 'DECOMMISSIONED';
  lastSeenAt: Date | null;
  firmware: string | null;
  acquirerId: number;
}

interface Device {
  serial: string;
  model: string;
  imei: string | null;
  iccid: string | null;
  msisdn: string | null;
  status: 'IN_STOCK' | 'DEPLOYED' | 'REPAIR' | 'RETIRED';
  notes: string | null;
}

const MODEL_BY_NAME = new Map(TERMINAL_MODELS.map((m) => [m.model, m]));
/** How common each model is at Malaysian merchants (the kiosk model only at unattended outlets). */
const MODEL_TABLE = new WeightedTable<string>([
  ['PAX A920', 10], ['PAX A920 Pro', 8], ['PAX A80', 4], ['PAX A77', 3], ['PAX A35', 2], ['PAX S920', 2],
  ['Sunmi P2', 5], ['Sunmi P2 Pro', 4], ['Sunmi V2 Pro', 3], ['Verifone V200c', 3], ['Verifone V240m', 2], ['Verifone X990', 1],
  ['Ingenico Move/5000', 3], ['Ingenico Desk/5000', 2], ['Ingenico APOS A8', 1], ['Castles Saturn1000', 2], ['Castles Vega3000', 1], ['Newland N910', 2],
]);
const KIOSK_MODEL = 'PAX IM30';
/**
 * Firmware builds in the field per manufacturer, newest first, with how common each is (newest
 * most). Written as firmware images name their version (domain FIRMWARE_VERSION_PATTERN: no
 * spaces), so a terminal's reported build names an image of /terminal-firmware-management
 * (demo-firmware.ts uploads them).
 */
export const FIRMWARE_BUILDS: Readonly<Record<string, readonly (readonly [string, number])[]>> = {
  PAX: [['PayDroid_9.0.2', 6], ['PayDroid_8.1.7', 3], ['PayDroid_7.1.3', 1]],
  Sunmi: [['SUNMI_OS_3.2.4', 5], ['SUNMI_OS_3.1.9', 2]],
  Verifone: [['VOS3_5.1.0', 4], ['VOS2_4.7.2', 2]],
  Ingenico: [['Tetra_11.20.2', 4], ['Tetra_11.16.0', 2]],
  Castles: [['CASTLES_OS_2.4.1', 3], ['CASTLES_OS_2.3.0', 1]],
  Newland: [['NL-OS_3.0.6', 3], ['NL-OS_2.9.8', 1]],
};
const FIRMWARE: Readonly<Record<string, WeightedTable<string>>> = Object.fromEntries(Object.entries(FIRMWARE_BUILDS).map(([maker, builds]) => [maker, new WeightedTable(builds)]));
const SERIAL_PREFIX: Readonly<Record<string, string>> = { PAX: 'PX', Sunmi: 'SM', Verifone: 'VF', Ingenico: 'IG', Castles: 'CT', Newland: 'NL' };
/** Type allocation codes (the IMEI's first 8 digits) per manufacturer: demo values. */
const TAC: Readonly<Record<string, string>> = { PAX: '86457204', Sunmi: '86938104', Verifone: '35623810', Ingenico: '35371009', Castles: '86751203', Newland: '86240705' };
/** The terminal provider of a merchant's transactions → its provider (TPA) page. */
const PROVIDER_PAGE: Readonly<Record<string, { page: string; mid: (r: Rng) => string; tid: (r: Rng) => string; products: string[]; qr: string | null; host: string }>> = {
  PAYDEE: { page: 'paydee', mid: (r) => `PD${r.digits(10)}`, tid: (r) => `PDT${r.digits(6)}`, products: ['POS-DUITNOW-QR', 'POS-TNG'], qr: 'STATIC', host: 'paydee' },
  FINEXUS: { page: 'finexus', mid: (r) => `FNX${r.digits(9)}`, tid: (r) => `FX${r.digits(6)}`, products: ['POS-VISA-CR', 'POS-VISA-DR', 'POS-MC-CR', 'POS-MC-DR', 'POS-MYDEBIT'], qr: null, host: 'finexus' },
  BSN: { page: 'bsn', mid: (r) => `000${r.digits(12)}`, tid: (r) => `B${r.digits(7)}`, products: ['POS-EPP', 'POS-MYDEBIT'], qr: null, host: 'bsn' },
  RM: { page: 'revenue-monster', mid: (r) => r.digits(19).replace(/^0/, '1'), tid: (r) => `RM${r.digits(8)}`, products: ['POS-DUITNOW-QR', 'POS-TNG'], qr: 'GENERATE', host: 'revenuemonster' },
};

/** The Luhn check digit of a string of digits (IMEI, ICCID). */
export function luhnDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** A YYYY-MM-DD MYT date `days` after the MYT day of `nowMs`. */
const mytDate = (nowMs: number, days: number) => new Date(nowMs + MYT_MS + days * DAY_MS).toISOString().slice(0, 10);

const hex = (rng: Rng, n: number) => Array.from({ length: n }, () => '0123456789abcdef'[rng.int(0, 15)]).join('');

/**
 * Seeds the demo's terminals, devices, content and provider configurations (see the file comment)
 * inside the seed's transaction, before the configuration times are spread. Returns the rows
 * written per table.
 */
export async function seedDemoTerminals(exec: Exec, o: DemoTerminalOptions): Promise<DemoTerminalCounts> {
  const rng = new Rng((o.seed ^ 0x7e2a_1d05) >>> 0);
  const nowMs = o.now.getTime();

  // Every TID of the terminal transactions, at its outlet, oldest outlet first (ids in creation order).
  const read = await exec<Omit<TidRow, 'merchant_acquirer_id'> & { n: number }>(
    `SELECT x.tid, x.org_id, x.merchant_id, x.mid, x.acquirer_id, x.provider, x.first_at, x.last_at, x.n,
            (o.onboarding_status = 'SUSPENDED' OR hq.onboarding_status = 'SUSPENDED') AS suspended
     FROM (SELECT t.tid, min(coalesce(t.branch_id, t.merchant_id)) AS org_id, min(t.merchant_id) AS merchant_id, min(t.mid) AS mid,
                  mode() WITHIN GROUP (ORDER BY t.acquirer_id) FILTER (WHERE t.acquirer_id IS NOT NULL) AS acquirer_id,
                  mode() WITHIN GROUP (ORDER BY t.provider) AS provider, min(t.created_at) AS first_at, max(t.created_at) AS last_at, count(*)::int AS n
           FROM transactions t WHERE t.service_type = 2 AND t.tid IS NOT NULL GROUP BY t.tid) x
     JOIN organizations o ON o.id = x.org_id JOIN organizations hq ON hq.id = x.merchant_id
     ORDER BY o.created_at, x.org_id, x.tid`,
  );
  const [fallback] = await exec<{ id: number }>(`SELECT id FROM acquirers WHERE is_active = 1 ORDER BY id LIMIT 1`);
  if (!fallback) throw new Error('seedDemoTerminals: no active acquirer');
  // A merchant's acquirer: the one most of its TIDs use (an eWallet-only TID has none of its own).
  const votes = new Map<number, Map<number, number>>();
  for (const r of read) {
    if (r.acquirer_id === null) continue;
    const m = votes.get(r.merchant_id) ?? new Map<number, number>();
    m.set(Number(r.acquirer_id), (m.get(Number(r.acquirer_id)) ?? 0) + Number(r.n));
    votes.set(r.merchant_id, m);
  }
  const merchantAcquirer = (merchantId: number): number | null => {
    const m = votes.get(merchantId);
    return m ? [...m.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0] : null;
  };
  const rows: TidRow[] = read.map((r) => ({
    ...r,
    org_id: Number(r.org_id),
    merchant_id: Number(r.merchant_id),
    acquirer_id: r.acquirer_id === null ? null : Number(r.acquirer_id),
    merchant_acquirer_id: merchantAcquirer(Number(r.merchant_id)),
    first_at: r.first_at && new Date(r.first_at),
    last_at: r.last_at && new Date(r.last_at),
  }));

  // Pending terminals: set up at a few trading outlets (the demo merchant's first), not yet live.
  const outlets = [...new Map(rows.filter((r) => !r.suspended).map((r) => [r.org_id, r])).values()];
  const pendingAt = [
    ...outlets.filter((r) => r.merchant_id === o.demoHqId).slice(0, 1),
    ...rng.shuffle(outlets.filter((r) => r.merchant_id !== o.demoHqId)).slice(0, Math.max(3, Math.round(outlets.length * 0.01))),
  ];
  pendingAt.forEach((r, i) =>
    rows.push({ ...r, tid: `69${String(100_001 + i * 7).padStart(6, '0')}`, acquirer_id: r.merchant_acquirer_id, provider: null, first_at: null, last_at: null }),
  );

  const kiosks = new Set((await exec<{ tid: string }>(`SELECT DISTINCT tid FROM unattended_cash_events`)).map((r) => r.tid));
  const usual = new Map<number, string>();
  const serialSeq = new Map<string, number>();
  const serialOf = (model: string) => {
    const maker = MODEL_BY_NAME.get(model)!.manufacturer;
    const n = (serialSeq.get(maker) ?? 0) + 1;
    serialSeq.set(maker, n);
    return `${SERIAL_PREFIX[maker] ?? 'XX'}${String(22 + (n % 4))}${String(40_000 + n * 37).padStart(7, '0')}`;
  };
  const terminals: Terminal[] = rows.map((r) => {
    if (!usual.has(r.merchant_id)) usual.set(r.merchant_id, rng.weighted(MODEL_TABLE));
    const model = kiosks.has(r.tid) ? KIOSK_MODEL : rng.chance(0.75) ? usual.get(r.merchant_id)! : rng.weighted(MODEL_TABLE);
    const silent = r.last_at !== null && r.last_at.getTime() < nowMs - 30 * DAY_MS;
    const status: Terminal['status'] =
      r.last_at === null ? 'PENDING' : r.suspended ? 'SUSPENDED' : silent && rng.chance(0.3) ? 'DECOMMISSIONED' : rng.chance(0.015) ? 'SUSPENDED' : 'ACTIVE';
    const lastSeenAt = r.last_at === null ? null : status === 'ACTIVE' ? new Date(Math.min(nowMs, r.last_at.getTime() + rng.int(1, 45) * MINUTE_MS)) : r.last_at;
    const maker = MODEL_BY_NAME.get(model)!.manufacturer;
    return {
      ...r,
      model,
      serial: serialOf(model),
      status,
      lastSeenAt,
      firmware: r.last_at === null ? null : rng.weighted(FIRMWARE[maker]!),
      acquirerId: r.acquirer_id ?? r.merchant_acquirer_id ?? Number(fallback.id),
    };
  });

  // The inventory: the deployed devices, then spares bought since (in stock, in repair, retired).
  const deviceOf = (model: string, serial: string, status: Device['status'], notes: string | null): Device => {
    const spec = MODEL_BY_NAME.get(model)!;
    const cellular = spec.formFactor !== 'COUNTERTOP';
    const imeiBody = `${TAC[spec.manufacturer] ?? '35000000'}${rng.digits(6)}`;
    const iccidBody = `896012${rng.digits(12)}`;
    return {
      serial,
      model,
      imei: cellular ? imeiBody + luhnDigit(imeiBody) : null,
      iccid: cellular && status !== 'RETIRED' ? iccidBody + luhnDigit(iccidBody) : null,
      msisdn: cellular && status !== 'RETIRED' ? `+60${rng.pick(['12', '16', '19'])}${rng.digits(7)}` : null,
      status,
      notes,
    };
  };
  const devices = terminals.map((t) => deviceOf(t.model, t.serial, 'DEPLOYED', null));
  const spares = Math.max(6, Math.round(terminals.length * 0.08));
  const SPARE_STATUS = new WeightedTable<Device['status']>([['IN_STOCK', 6], ['REPAIR', 2], ['RETIRED', 2]]);
  const NOTES: Record<Device['status'], readonly (string | null)[]> = {
    IN_STOCK: [null, null, 'Received from the distributor; key injection done', 'Returned by a merchant, reset and tested'],
    REPAIR: ['Cracked touch screen, sent to the service centre', 'Printer jams; awaiting a new printer head', 'Card reader fails chip reads'],
    RETIRED: ['Battery swollen; written off', 'Tamper alert: keys erased, not repairable', 'End of PCI PTS approval'],
    DEPLOYED: [null],
  };
  for (let i = 0; i < spares; i++) {
    const status: Device['status'] = (['IN_STOCK', 'REPAIR', 'RETIRED'] as const)[i] ?? rng.weighted(SPARE_STATUS);
    const model = rng.weighted(MODEL_TABLE);
    devices.push(deviceOf(model, serialOf(model), status, rng.pick(NOTES[status])));
  }

  await insert(exec, 'master_devices', devices, [
    ['serial_no', 'text', (d) => d.serial], ['model', 'text', (d) => d.model], ['imei', 'text', (d) => d.imei], ['sim_iccid', 'text', (d) => d.iccid],
    ['sim_msisdn', 'text', (d) => d.msisdn], ['status', 'text', (d) => d.status], ['notes', 'text', (d) => d.notes],
  ]);
  await insert(exec, 'terminals', terminals, [
    ['org_id', 'int4', (t) => t.org_id], ['tid', 'text', (t) => t.tid], ['serial_no', 'text', (t) => t.serial], ['model', 'text', (t) => t.model],
    ['acquirer_id', 'int4', (t) => t.acquirerId], ['mid', 'text', (t) => t.mid], ['status', 'text', (t) => t.status],
    ['last_seen_at', 'timestamptz', (t) => t.lastSeenAt], ['firmware_version', 'text', (t) => t.firmware],
  ]);

  const content = await seedContent(exec, nowMs, o.demoHqId, terminals);
  const tpa = await seedProviderConfigs(exec, rng, terminals, o);
  return { master_devices: devices.length, terminals: terminals.length, ...content, tpa_provider_configs: tpa };
}

type Col<R> = [name: string, type: string, get: (r: R) => string | number | Date | null];

/** One `INSERT … SELECT * FROM unnest(…)` of all rows. */
async function insert<R>(exec: Exec, table: string, rows: readonly R[], cols: readonly Col<R>[]): Promise<number> {
  if (rows.length === 0) return 0;
  await exec(
    `INSERT INTO ${table} (${cols.map(([n]) => n).join(', ')}) SELECT * FROM unnest(${cols.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')})`,
    cols.map(([, , get]) => pgArray(rows.map(get))),
  );
  return rows.length;
}

type ContentCounts = Pick<DemoTerminalCounts, 'terminal_advertisements' | 'mobile_advertisements' | 'mobile_topics' | 'mobile_notification_contents' | 'nfc_receipt_templates' | 'nfc_receipt_banners'>;

/** Advertisements, topics, notification texts, receipt templates and banners (fixed texts, dates around now). */
async function seedContent(exec: Exec, nowMs: number, demoHqId: number, terminals: readonly Terminal[]): Promise<ContentCounts> {
  const day = (d: number) => mytDate(nowMs, d);
  const otherHq = terminals.find((t) => t.merchant_id !== demoHqId && t.status === 'ACTIVE')?.merchant_id ?? demoHqId;
  const CDN = 'https://cdn.paydesk.my';

  type TermAd = { title: string; target: string; model: string | null; merchant: number | null; image: string; seconds: number; from: number; to: number };
  const termAds: TermAd[] = [
    { title: 'Merdeka Day cashback with DuitNow QR', target: 'ALL', model: null, merchant: null, image: 'merdeka-duitnow.png', seconds: 8, from: -75, to: -45 },
    { title: 'Tap to pay: faster checkout', target: 'ALL', model: null, merchant: null, image: 'tap-to-pay.png', seconds: 10, from: -20, to: 40 },
    { title: 'Instalment plans at 0% with BSN', target: 'MODEL', model: 'PAX A920', merchant: null, image: 'bsn-epp.png', seconds: 12, from: -5, to: 25 },
    { title: 'Scan to pay with Touch \'n Go eWallet', target: 'MODEL', model: 'Sunmi P2', merchant: null, image: 'tng-scan.png', seconds: 6, from: -40, to: -1 },
    { title: 'Member day: double points', target: 'MERCHANT', model: null, merchant: demoHqId, image: 'member-day.png', seconds: 15, from: -3, to: 11 },
    { title: 'Weekend lunch set RM12.90', target: 'MERCHANT', model: null, merchant: otherHq, image: 'lunch-set.png', seconds: 10, from: 5, to: 33 },
    { title: 'Year-end sale: pay by card', target: 'ALL', model: null, merchant: null, image: 'year-end-sale.png', seconds: 8, from: 14, to: 45 },
  ];
  const terminal_advertisements = await insert(exec, 'terminal_advertisements', termAds, [
    ['title', 'text', (a) => a.title], ['target', 'text', (a) => a.target], ['model', 'text', (a) => a.model], ['merchant_id', 'int4', (a) => a.merchant],
    ['image_url', 'text', (a) => `${CDN}/terminal-ads/${a.image}`], ['display_seconds', 'int4', (a) => a.seconds],
    ['start_date', 'date', (a) => day(a.from)], ['end_date', 'date', (a) => day(a.to)], ['is_active', 'int2', (a) => (a.to < -30 ? 0 : 1)],
  ]);

  type AppAd = { title: string; placement: string; image: string; link: string | null; from: number; to: number; order: number };
  const appAds: AppAd[] = [
    { title: 'Settle faster: next-day payouts', placement: 'HOME_BANNER', image: 'next-day-payout.png', link: 'https://paydesk.my/payouts', from: -30, to: 60, order: 1 },
    { title: 'Accept DuitNow QR at no extra cost', placement: 'HOME_BANNER', image: 'duitnow-free.png', link: 'https://paydesk.my/duitnow', from: -10, to: 20, order: 2 },
    { title: 'Refer a merchant, earn RM100', placement: 'HOME_BANNER', image: 'refer.png', link: 'https://paydesk.my/refer', from: 3, to: 63, order: 3 },
    { title: 'Welcome to Paydesk Merchant', placement: 'SPLASH', image: 'splash-2026.png', link: null, from: -120, to: 245, order: 1 },
    { title: '11.11 promotion kit for your shop', placement: 'PROMOTIONS', image: 'promo-1111.png', link: 'https://paydesk.my/promo/1111', from: -45, to: -15, order: 1 },
    { title: 'Year-end campaign: free terminal upgrade', placement: 'PROMOTIONS', image: 'terminal-upgrade.png', link: 'https://paydesk.my/promo/upgrade', from: -2, to: 40, order: 2 },
  ];
  const mobile_advertisements = await insert(exec, 'mobile_advertisements', appAds, [
    ['title', 'text', (a) => a.title], ['placement', 'text', (a) => a.placement], ['image_url', 'text', (a) => `${CDN}/app-ads/${a.image}`],
    ['link_url', 'text', (a) => a.link], ['start_date', 'date', (a) => day(a.from)], ['end_date', 'date', (a) => day(a.to)], ['sort_order', 'int4', (a) => a.order],
  ]);

  const topics: [code: string, name: string, description: string, auto: 0 | 1][] = [
    ['announcements', 'Announcements', 'News from Paydesk for every merchant.', 1],
    ['service-status', 'Service status', 'Planned maintenance and incidents affecting payments or payouts.', 1],
    ['settlement', 'Settlement and payouts', 'Settlement files processed and payouts credited.', 1],
    ['security-alerts', 'Security alerts', 'Sign-ins from new devices and changes to bank accounts.', 1],
    ['promotions', 'Promotions', 'Campaigns and offers merchants can join.', 0],
    ['terminal-updates', 'Terminal updates', 'Firmware and application updates pushed to terminals.', 0],
    ['merchant-tips', 'Merchant tips', 'Short guides to get more out of the portal and the app.', 0],
  ];
  const mobile_topics = await insert(exec, 'mobile_topics', topics, [
    ['topic_code', 'text', (t) => t[0]], ['topic_name', 'text', (t) => t[1]], ['description', 'text', (t) => t[2]], ['auto_subscribe', 'int2', (t) => t[3]],
    ['is_active', 'int2', (t) => (t[0] === 'merchant-tips' ? 0 : 1)],
  ]);

  type Note = { code: string; target: string; en: [string, string]; ms: [string, string]; zh: [string, string] };
  const notes: Note[] = [
    { code: 'SETTLEMENT_READY', target: 'MASTER_MERCHANT', en: ['Settlement ready', 'Your settlement for {{BusinessDate}} is ready: {{Currency}} {{NetAmount}} from {{TxnCount}} transactions.'],
      ms: ['Penyelesaian sedia', 'Penyelesaian anda bagi {{BusinessDate}} telah sedia: {{Currency}} {{NetAmount}} daripada {{TxnCount}} transaksi.'],
      zh: ['结算已就绪', '您 {{BusinessDate}} 的结算已就绪：{{TxnCount}} 笔交易，共 {{Currency}} {{NetAmount}}。'] },
    { code: 'PAYOUT_CREDITED', target: 'MASTER_MERCHANT', en: ['Payout credited', '{{Currency}} {{Amount}} has been credited to your account ending {{AccountLast4}}.'],
      ms: ['Bayaran dikreditkan', '{{Currency}} {{Amount}} telah dikreditkan ke akaun anda yang berakhir {{AccountLast4}}.'],
      zh: ['款项已入账', '{{Currency}} {{Amount}} 已存入您尾号 {{AccountLast4}} 的账户。'] },
    { code: 'REFUND_APPROVED', target: 'USER', en: ['Refund approved', 'The refund of {{Currency}} {{Amount}} for {{TxnRefNo}} has been approved.'],
      ms: ['Bayaran balik diluluskan', 'Bayaran balik {{Currency}} {{Amount}} bagi {{TxnRefNo}} telah diluluskan.'],
      zh: ['退款已批准', '交易 {{TxnRefNo}} 的 {{Currency}} {{Amount}} 退款已批准。'] },
    { code: 'CHARGEBACK_RECEIVED', target: 'USER', en: ['Chargeback received', 'A chargeback was raised on {{TxnRefNo}}. Reply with your documents by {{DueDate}}.'],
      ms: ['Caj balik diterima', 'Caj balik telah dibuat ke atas {{TxnRefNo}}. Hantar dokumen anda sebelum {{DueDate}}.'],
      zh: ['收到退单', '交易 {{TxnRefNo}} 被发起退单，请于 {{DueDate}} 前提交相关文件。'] },
    { code: 'TERMINAL_OFFLINE', target: 'USER', en: ['Terminal offline', 'Terminal {{Tid}} has not connected since {{LastSeen}}. Check its power and network.'],
      ms: ['Terminal di luar talian', 'Terminal {{Tid}} tidak bersambung sejak {{LastSeen}}. Periksa kuasa dan rangkaiannya.'],
      zh: ['终端离线', '终端 {{Tid}} 自 {{LastSeen}} 起未连接，请检查电源和网络。'] },
    { code: 'NEW_DEVICE_SIGN_IN', target: 'USER', en: ['New sign-in', 'Your account was signed in on a new device ({{Device}}). Not you? Change your password now.'],
      ms: ['Log masuk baharu', 'Akaun anda telah log masuk pada peranti baharu ({{Device}}). Bukan anda? Tukar kata laluan sekarang.'],
      zh: ['新设备登录', '您的账户已在新设备（{{Device}}）上登录。如非本人操作，请立即更改密码。'] },
    { code: 'MAINTENANCE_NOTICE', target: 'MASTER_MERCHANT', en: ['Planned maintenance', 'Payments may be unavailable on {{Date}} from {{From}} to {{To}} (MYT) while we upgrade our systems.'],
      ms: ['Penyelenggaraan terancang', 'Pembayaran mungkin tidak tersedia pada {{Date}} dari {{From}} hingga {{To}} (MYT) semasa kami menaik taraf sistem.'],
      zh: ['计划维护', '系统升级期间，{{Date}} {{From}} 至 {{To}}（马来西亚时间）可能无法付款。'] },
    { code: 'DAILY_SALES_DIGEST', target: 'NONE', en: ['Yesterday\'s sales', '{{TxnCount}} sales, {{Currency}} {{Amount}}. Open the app for details.'],
      ms: ['Jualan semalam', '{{TxnCount}} jualan, {{Currency}} {{Amount}}. Buka aplikasi untuk butiran.'],
      zh: ['昨日销售', '{{TxnCount}} 笔销售，共 {{Currency}} {{Amount}}。打开应用查看详情。'] },
  ];
  const mobile_notification_contents = await insert(exec, 'mobile_notification_contents', notes, [
    ['content_code', 'text', (n) => n.code], ['target', 'text', (n) => n.target],
    ['title_en', 'text', (n) => n.en[0]], ['title_ms', 'text', (n) => n.ms[0]], ['title_zh', 'text', (n) => n.zh[0]],
    ['body_en', 'text', (n) => n.en[1]], ['body_ms', 'text', (n) => n.ms[1]], ['body_zh', 'text', (n) => n.zh[1]],
  ]);

  const masters = await exec<{ id: number; name: string }>(`SELECT id, name FROM organizations WHERE level = 'MASTER_MERCHANT' ORDER BY id LIMIT 2`);
  type Template = { name: string; type: string; master: number | null; header: string | null; footer: string | null; logo: string | null; address: 0 | 1; qr: 0 | 1 };
  const templates: Template[] = [
    { name: 'Platform e-receipt', type: 'E_RECEIPT', master: null, header: 'Thank you for your payment', footer: 'Keep this e-receipt for your records. Questions? Contact the merchant.', logo: `${CDN}/receipts/paydesk-logo.png`, address: 1, qr: 1 },
    { name: 'Platform printed slip', type: 'NON_E_RECEIPT', master: null, header: 'SALE', footer: 'I agree to pay the above total amount according to the card issuer agreement.\n*** CUSTOMER COPY ***', logo: null, address: 1, qr: 0 },
    ...masters.map((m, i): Template => ({
      name: `${m.name} e-receipt`, type: 'E_RECEIPT', master: Number(m.id), header: `Thank you for shopping with a ${m.name} merchant`,
      footer: 'Refunds and exchanges within 7 days with this receipt.', logo: `${CDN}/receipts/mm-${Number(m.id)}.png`, address: 1, qr: i === 0 ? 1 : 0,
    })),
    ...masters.slice(0, 1).map((m): Template => ({
      name: `${m.name} printed slip`, type: 'NON_E_RECEIPT', master: Number(m.id), header: 'TAX INVOICE / SALE', footer: 'Goods sold are not returnable.\nScan the QR code for your e-receipt.', logo: null, address: 1, qr: 1,
    })),
  ];
  const nfc_receipt_templates = await insert(exec, 'nfc_receipt_templates', templates, [
    ['template_name', 'text', (t) => t.name], ['receipt_type', 'text', (t) => t.type], ['master_merchant_id', 'int4', (t) => t.master],
    ['header_text', 'text', (t) => t.header], ['footer_text', 'text', (t) => t.footer], ['logo_url', 'text', (t) => t.logo],
    ['show_merchant_address', 'int2', (t) => t.address], ['show_qr', 'int2', (t) => t.qr],
  ]);

  type Banner = { title: string; type: string; image: string; link: string | null; from: number; to: number; order: number };
  const banners: Banner[] = [
    { title: 'Go paperless: get e-receipts by QR', type: 'NON_E_RECEIPT', image: 'go-paperless.png', link: null, from: -60, to: 30, order: 1 },
    { title: 'Download the Paydesk app', type: 'E_RECEIPT', image: 'get-the-app.png', link: 'https://paydesk.my/app', from: -80, to: 100, order: 1 },
    { title: 'Festive season: 5% back on your next visit', type: 'E_RECEIPT', image: 'festive-5.png', link: 'https://paydesk.my/promo/festive', from: -7, to: 21, order: 2 },
    { title: 'Rate your experience', type: 'E_RECEIPT', image: 'rate-us.png', link: 'https://paydesk.my/feedback', from: 10, to: 70, order: 3 },
    { title: 'Mid-year sale ended', type: 'NON_E_RECEIPT', image: 'mid-year.png', link: null, from: -85, to: -50, order: 2 },
  ];
  const nfc_receipt_banners = await insert(exec, 'nfc_receipt_banners', banners, [
    ['title', 'text', (b) => b.title], ['receipt_type', 'text', (b) => b.type], ['image_url', 'text', (b) => `${CDN}/receipt-banners/${b.image}`],
    ['link_url', 'text', (b) => b.link], ['start_date', 'date', (b) => day(b.from)], ['end_date', 'date', (b) => day(b.to)], ['sort_order', 'int4', (b) => b.order],
    ['is_active', 'int2', (b) => (b.to < 0 ? 0 : 1)],
  ]);
  return { terminal_advertisements, mobile_advertisements, mobile_topics, mobile_notification_contents, nfc_receipt_templates, nfc_receipt_banners };
}

/**
 * Provider (TPA) configurations of up to five merchants with live terminals, the demo merchant
 * first: per merchant its terminal provider's merchant row (no TID) and one mapping per terminal.
 */
async function seedProviderConfigs(exec: Exec, rng: Rng, terminals: readonly Terminal[], o: DemoTerminalOptions): Promise<number> {
  const byMerchant = new Map<number, Terminal[]>();
  for (const t of terminals) if (t.provider && PROVIDER_PAGE[t.provider] && t.status !== 'DECOMMISSIONED') byMerchant.set(t.merchant_id, [...(byMerchant.get(t.merchant_id) ?? []), t]);
  // The demo merchant, then the first merchant of each provider, then the next ones: up to five.
  const ordered = [...byMerchant.keys()].sort((a, b) => Number(b === o.demoHqId) - Number(a === o.demoHqId) || a - b);
  const firstOf = Object.keys(PROVIDER_PAGE).map((p) => ordered.find((m) => byMerchant.get(m)![0]!.provider === p)).filter((m) => m !== undefined);
  const chosen = [...new Set([...ordered.slice(0, 1), ...firstOf, ...ordered])].slice(0, 5);
  type Row = { provider: string; org: number; tid: string | null; mid: string; ptid: string | null; mode: string; qr: string | null; products: string; url: string; api: string | null; secret: string | null };
  const rows: Row[] = [];
  const seal = (plain: string) => (o.fieldKey ? sealSecret(o.fieldKey, plain) : null);
  for (const merchantId of chosen) {
    const list = byMerchant.get(merchantId)!;
    const p = PROVIDER_PAGE[list[0]!.provider!]!;
    const mid = p.mid(rng);
    const base = { provider: p.page, mid, qr: p.qr, products: p.products.join(','), url: `https://api.${p.host}.example.my/v1` };
    rows.push({ ...base, org: merchantId, tid: null, ptid: null, mode: 'ONLINE', api: seal(`pk_live_${hex(rng, 24)}`), secret: seal(`sk_live_${hex(rng, 32)}`) });
    for (const t of list) {
      rows.push({ ...base, org: t.org_id, tid: t.tid, ptid: p.tid(rng), mode: rng.chance(0.15) ? 'OFFLINE' : 'ONLINE', api: seal(`pk_live_${hex(rng, 24)}`), secret: seal(`sk_live_${hex(rng, 32)}`) });
    }
  }
  if (rows.length === 0) return 0;
  await exec(
    `INSERT INTO tpa_provider_configs (provider, org_id, terminal_tid, provider_mid, provider_tid, service_mode, qr_mode, products, endpoint_url, api_key, secret_key)
     SELECT v.provider, v.org, v.tid, v.mid, v.ptid, v.mode, v.qr, string_to_array(v.products, ','), v.url, v.api, v.secret
     FROM unnest($1::text[], $2::int4[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])
       AS v(provider, org, tid, mid, ptid, mode, qr, products, url, api, secret)`,
    [
      pgArray(rows.map((r) => r.provider)), pgArray(rows.map((r) => r.org)), pgArray(rows.map((r) => r.tid)), pgArray(rows.map((r) => r.mid)),
      pgArray(rows.map((r) => r.ptid)), pgArray(rows.map((r) => r.mode)), pgArray(rows.map((r) => r.qr)), pgArray(rows.map((r) => r.products)),
      pgArray(rows.map((r) => r.url)), pgArray(rows.map((r) => r.api)), pgArray(rows.map((r) => r.secret)),
    ],
  );
  return rows.length;
}
