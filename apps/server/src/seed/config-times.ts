/**
 * Creation and change times of the configuration rows in a demo database. ensureReferenceData
 * inserts every configuration row at once (each table's `created_at`/`updated_at` default to
 * now()), which in a demo reads as if the whole platform had been set up in one second. The demo
 * seed therefore spreads them, deterministically from its seed, over the months before `now`, the
 * way an acquirer's platform grows: currencies, acquirers and banks first, products and rates next,
 * templates, risk thresholds and card BINs later; each year's payout holidays a few months before
 * the year starts. Ids keep their order in time, and some rows carry a later change time.
 *
 * Only the demo seed calls this: a production database keeps the true insertion times. Rows an
 * administrator already changed through the portal (version > 1) are left alone.
 */
import { officeTimeBetween } from './demo-clock.ts';
import { mytDayStart } from './generate.ts';
import type { Rng } from './random.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** How one configuration table's rows are dated: created between `fromDays` and `toDays` days before now; `updatedShare` of them changed since. */
export interface ConfigTimeWindow {
  table: string;
  fromDays: number;
  toDays: number;
  updatedShare: number;
  /** A date column whose year places the row instead of the window: created in the autumn before that year (payout holidays). */
  yearOf?: string;
  /**
   * An SQL expression over the row (alias `t`) giving the earliest instant it can have been created
   * (a terminal: not before its outlet and its device); a drawn time before it moves to an hour after it.
   */
  notBefore?: string;
}

/**
 * Every configuration table the demo fills (the `version`, `created_at`, `updated_at` set of the
 * resource engine, plus user groups), oldest first. A seed test checks that every table of the
 * schema carrying those columns and holding demo rows is listed here or in CONFIG_TIME_EXCLUDED;
 * a table the demo leaves empty (a new resource without demo rows) needs no entry.
 */
export const CONFIG_TIME_WINDOWS: readonly ConfigTimeWindow[] = [
  { table: 'currencies', fromDays: 560, toDays: 520, updatedShare: 0.4 },
  { table: 'acquirers', fromDays: 550, toDays: 470, updatedShare: 0.5 },
  { table: 'user_groups', fromDays: 545, toDays: 120, updatedShare: 0.5 },
  { table: 'system_settings', fromDays: 540, toDays: 380, updatedShare: 0.35 },
  { table: 'banks', fromDays: 530, toDays: 420, updatedShare: 0.2 },
  { table: 'business_categories', fromDays: 520, toDays: 400, updatedShare: 0.15 },
  { table: 'mdr_categories', fromDays: 500, toDays: 430, updatedShare: 0.2 },
  { table: 'payment_products', fromDays: 480, toDays: 300, updatedShare: 0.25 },
  { table: 'terminal_models', fromDays: 470, toDays: 200, updatedShare: 0.2 },
  { table: 'subscription_plans', fromDays: 420, toDays: 380, updatedShare: 0.5 },
  { table: 'mdr_rates', fromDays: 400, toDays: 290, updatedShare: 0.3 },
  { table: 'mobile_global_permissions', fromDays: 360, toDays: 330, updatedShare: 0.1 },
  { table: 'mobile_user_groups', fromDays: 330, toDays: 300, updatedShare: 0.5 },
  { table: 'tpa_product_configs', fromDays: 320, toDays: 150, updatedShare: 0.3 },
  { table: 'risk_parameters', fromDays: 300, toDays: 200, updatedShare: 0.45 },
  { table: 'message_templates', fromDays: 280, toDays: 60, updatedShare: 0.35 },
  { table: 'card_bins', fromDays: 260, toDays: 20, updatedShare: 0.1 },
  { table: 'organization_configs', fromDays: 240, toDays: 5, updatedShare: 0.4 },
  { table: 'payout_holidays', fromDays: 0, toDays: 0, updatedShare: 0.08, yearOf: 'holiday_date' },
  // Devices and terminals as the platform deploys them (before the 90 days of transactions
  // their TIDs carry: demo-terminals.ts), then what the apps and terminals show.
  { table: 'master_devices', fromDays: 470, toDays: 96, updatedShare: 0.3 },
  {
    table: 'terminals', fromDays: 440, toDays: 95, updatedShare: 0.3,
    notBefore: '(SELECT greatest(o.created_at, d.created_at) FROM organizations o LEFT JOIN master_devices d ON d.serial_no = t.serial_no WHERE o.id = t.org_id)',
  },
  { table: 'mobile_topics', fromDays: 350, toDays: 300, updatedShare: 0.1 },
  { table: 'mobile_notification_contents', fromDays: 340, toDays: 40, updatedShare: 0.3 },
  { table: 'mobile_advertisements', fromDays: 120, toDays: 2, updatedShare: 0.2 },
  { table: 'terminal_advertisements', fromDays: 120, toDays: 2, updatedShare: 0.2 },
  { table: 'nfc_receipt_templates', fromDays: 300, toDays: 60, updatedShare: 0.3 },
  { table: 'nfc_receipt_banners', fromDays: 90, toDays: 2, updatedShare: 0.2 },
  { table: 'tpa_provider_configs', fromDays: 400, toDays: 10, updatedShare: 0.3 },
];

/**
 * Tables with those columns that are not configuration: the demo hierarchy dates its own rows
 * (generate.ts); an organization's persons and bank accounts are dated with it by the demo's
 * onboarding records (demo-onboarding.ts, first start only); applications and provider
 * configurations are written by users, and the demo's RM applications (with the RM configurations
 * their approvals create), zone master keys, firmware images and rollouts are written through
 * their modules at their own times (demo-desks.ts, first start only); payment links are dated by
 * the transaction generator with the sales they bring (generate.ts).
 */
export const CONFIG_TIME_EXCLUDED: readonly string[] = [
  'organizations', 'org_persons', 'org_bank_accounts', 'rm_applications', 'tpa_merchant_configs', 'zmk_keys', 'firmware_files', 'firmware_rollouts', 'payment_links',
];

/** Runs raw SQL inside the seed's transaction. */
type Exec = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** An instant in MYT office hours (09:00–18:00) of the business day `daysAgo` days before `nowMs`. */
function officeHours(rng: Rng, nowMs: number, daysAgo: number): number {
  return mytDayStart(nowMs - daysAgo * DAY_MS) + 9 * HOUR_MS + Math.floor(rng.next() * 9 * HOUR_MS);
}

/**
 * Creation and change times (UTC ms) for `count` rows of one table, in id order: creation times
 * ascending within the window (or, with `years`, in September–November of the year before each
 * row's year), in MYT office hours (but for the bounds below), never later than a day before
 * `nowMs`; a change time (in office hours when the span allows) ≥ the creation time and ≤ `nowMs`
 * (equal to it when the row was never changed); a creation time before the row's floor (when
 * `floors` is given) moves to an hour after it. Pure; `years` and `floors` have `count` entries when given.
 */
export function configRowTimes(
  rng: Rng, nowMs: number, w: ConfigTimeWindow, count: number, years?: readonly number[], floors?: readonly (number | null)[],
): { createdAt: number; updatedAt: number }[] {
  const latest = nowMs - DAY_MS;
  let created: number[];
  if (years) {
    created = years.map((y) => Math.min(officeTimeBetween(rng, Date.UTC(y - 1, 8, 1), Date.UTC(y - 1, 8, 1) + 91 * DAY_MS), latest - rng.int(0, 20) * DAY_MS));
  } else {
    created = Array.from({ length: count }, () => officeHours(rng, nowMs, rng.int(Math.max(1, w.toDays), Math.max(1, w.fromDays))));
    // Ids were handed out in creation order.
    created.sort((a, b) => a - b);
  }
  return created.map((c, i) => {
    const floor = floors?.[i];
    const createdAt = Math.min(floor !== null && floor !== undefined && c <= floor ? floor + HOUR_MS : c, latest);
    if (!rng.chance(w.updatedShare)) return { createdAt, updatedAt: createdAt };
    return { createdAt, updatedAt: officeTimeBetween(rng, createdAt + HOUR_MS, nowMs) };
  });
}

/**
 * Spreads the creation and change times of every configuration table (CONFIG_TIME_WINDOWS) over
 * the months before `now`, inside the seed's transaction. Rows with version > 1 keep their times.
 */
export async function spreadConfigTimes(exec: Exec, rng: Rng, now: Date): Promise<void> {
  const nowMs = now.getTime();
  for (const w of CONFIG_TIME_WINDOWS) {
    const year = w.yearOf ? `, extract(year FROM t.${w.yearOf})::int AS year` : '';
    const floor = w.notBefore ? `, ${w.notBefore} AS floor` : '';
    const rows = await exec<{ id: number; year?: number; floor?: Date | null }>(`SELECT t.id${year}${floor} FROM ${w.table} t WHERE t.version = 1 ORDER BY t.id`);
    if (rows.length === 0) continue;
    const floors = w.notBefore ? rows.map((r) => (r.floor ? new Date(r.floor).getTime() : null)) : undefined;
    const times = configRowTimes(rng, nowMs, w, rows.length, w.yearOf ? rows.map((r) => Number(r.year)) : undefined, floors);
    await exec(
      `UPDATE ${w.table} AS t SET created_at = v.c, updated_at = v.u
       FROM unnest($1::int4[], $2::timestamptz[], $3::timestamptz[]) AS v(id, c, u) WHERE t.id = v.id`,
      [
        `{${rows.map((r) => Number(r.id)).join(',')}}`,
        `{${times.map((t) => new Date(t.createdAt).toISOString()).join(',')}}`,
        `{${times.map((t) => new Date(t.updatedAt).toISOString()).join(',')}}`,
      ],
    );
  }
}
