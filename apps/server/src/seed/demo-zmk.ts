/**
 * The demo's zone master keys (/zmk-config), written through the ZMK module as its custodians
 * would: a key is defined (createKey), its components are entered one by one by different
 * platform users (enterComponent: each checked against its KCV, sealed under the field key; the
 * last one activates the key, sealed, and wipes the components), and a key is retired or a
 * ceremony cancelled with a reason (closeKey). Every step is a workflow move with its event, at
 * its own time in MYT office hours, replayed in time order. Per acquirer:
 *  - MBB: last year's ZMK, RETIRED when this year's (ACTIVE, three components) replaced it;
 *  - CIMB: an ACTIVE ZMK, and a ZAK exchange key awaiting its second component;
 *  - PBB: an ACTIVE ZMK, and a BDK transport key whose ceremony was CANCELLED after two components;
 *  - BSN: a new ZMK awaiting its third component.
 * Key material is random (node:crypto, never derived from the public demo seed), held in buffers
 * zeroed after use and stored only sealed, as the module stores it: the database and the screens
 * carry check values only. A TDES key's last component is chosen so that the key has odd parity,
 * as a well-run ceremony gives. Times and names are deterministic from `now`; KCVs are not.
 */
import { randomBytes } from 'node:crypto';
import { ZMK_SCHEME_BYTES, isTdesScheme, type ZmkPurpose, type ZmkScheme } from '@paydesk/domain';
import type { Query } from '../db/client.ts';
import { closeKey } from '../modules/zmk/close-key.ts';
import { createKey } from '../modules/zmk/create-key.ts';
import { enterComponent } from '../modules/zmk/enter-component.ts';
import { kcvOf, xorComponents } from '../modules/zmk/kcv.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, mytDayOf, officeTimeBetween, runInTimeOrder, type DatedStep } from './demo-clock.ts';
import type { DemoStaff } from './demo-staff.ts';
import { Rng } from './random.ts';

/** One demo key: its acquirer (code), what it is, and its story as fractions of the demo's span. */
interface KeyPlan {
  acquirer: string;
  label: string;
  purpose: ZmkPurpose;
  scheme: ZmkScheme;
  components: 2 | 3;
  /** When the ceremony starts, as a fraction of the span from the first possible day to now. */
  start: number;
  /** Components entered (all of them: the key is ACTIVE). */
  entered: number;
  /** A retirement or a cancelled ceremony, `at` a fraction of the span (never before the last step); `reason` given the successor's name, if any. */
  end?: { action: 'RETIRE' | 'CANCEL'; at: number; reason: (successor: string | null) => string; successor?: number };
}

const PLANS: readonly KeyPlan[] = [
  {
    acquirer: 'MBB', label: 'ZMK', purpose: 'ZPK_EXCHANGE', scheme: 'TDES_3KEY', components: 3, start: 0.02, entered: 3,
    end: { action: 'RETIRE', at: 0.8, successor: 1, reason: (next) => (next ? `Yearly key rotation: replaced by ${next}` : 'Yearly key rotation') },
  },
  { acquirer: 'MBB', label: 'ZMK', purpose: 'ZPK_EXCHANGE', scheme: 'TDES_3KEY', components: 3, start: 0.74, entered: 3 },
  { acquirer: 'CIMB', label: 'ZMK', purpose: 'ZPK_EXCHANGE', scheme: 'AES_256', components: 2, start: 0.3, entered: 2 },
  { acquirer: 'CIMB', label: 'ZAK', purpose: 'ZAK_EXCHANGE', scheme: 'AES_256', components: 2, start: 0.985, entered: 1 },
  { acquirer: 'PBB', label: 'ZMK', purpose: 'ZPK_EXCHANGE', scheme: 'TDES_2KEY', components: 2, start: 0.45, entered: 2 },
  {
    acquirer: 'PBB', label: 'BDK transport', purpose: 'BDK_TRANSPORT', scheme: 'AES_128', components: 3, start: 0.6, entered: 2,
    end: { action: 'CANCEL', at: 0.62, reason: () => 'The third custodian found the component slip unsealed: the ceremony starts again with new components' },
  },
  { acquirer: 'BSN', label: 'ZMK', purpose: 'ZPK_EXCHANGE', scheme: 'TDES_3KEY', components: 3, start: 0.97, entered: 2 },
];

/**
 * Writes the demo keys (see the file comment) in the caller's transaction `q` as `staff` (the
 * first creates every key; components go to different users, never two to one user), between
 * the day after the latest of those users' and the acquirers' creation and `now` (UTC). Skips a
 * key whose acquirer is missing or inactive, or that needs more custodians than there are; writes
 * nothing with fewer than two staff or a span under a week. Answers the keys written.
 * `fieldKey` seals the components and keys (AES-256-GCM, engine/secret-fields.ts). Throws what
 * the module throws (nothing, on a fresh demo).
 */
export async function seedDemoZmk(q: Query, o: { staff: readonly DemoStaff[]; fieldKey: Uint8Array; now: Date }): Promise<number> {
  const nowMs = o.now.getTime();
  const acquirers = new Map(
    (await q<{ id: number; code: string; created_at: Date }>(`SELECT id, code, created_at FROM acquirers WHERE is_active = 1`)).map((a) => [a.code, { id: Number(a.id), createdAt: new Date(a.created_at).getTime() }]),
  );
  const plans = PLANS.filter((p) => acquirers.has(p.acquirer) && p.components <= o.staff.length);
  if (o.staff.length < 2 || !plans.length) return 0;
  const first = Math.max(...o.staff.map((s) => s.createdAt), ...plans.map((p) => acquirers.get(p.acquirer)!.createdAt)) + DAY_MS;
  const span = nowMs - HOUR_MS - first;
  if (span < 7 * DAY_MS) return 0;
  const rng = new Rng(0x2a_e7_29);
  const ids = new Map<number, number>();
  const nameOf = (p: KeyPlan) => `${p.acquirer} ${p.label} ${mytDayOf(first + p.start * span).slice(0, 7)}`;
  const steps: DatedStep[] = [];
  plans.forEach((p, k) => {
    const creator = o.staff[0]!;
    let at = officeTimeBetween(rng, first + p.start * span, Math.min(nowMs - HOUR_MS, first + p.start * span + DAY_MS));
    const created = at;
    const define = { name: nameOf(p), purpose: p.purpose, acquirerId: acquirers.get(p.acquirer)!.id, scheme: p.scheme, componentCount: p.components, at: new Date(created) };
    steps.push({ at, run: async () => ids.set(k, await createKey(q, creator.scope, define)) });
    const parts = componentsOf(p.scheme, p.components);
    for (let seq = 1; seq <= p.entered; seq++) {
      at = officeTimeBetween(rng, at + 5 * MINUTE_MS, Math.min(nowMs - MINUTE_MS, at + DAY_MS));
      const custodian = o.staff[(k + seq) % o.staff.length]!;
      const part = parts[seq - 1]!;
      const when = at;
      steps.push({
        at,
        run: async () => {
          try {
            await enterComponent(q, custodian.scope, { id: ids.get(k)!, seq, component: part.toString('hex').toUpperCase(), kcv: kcvOf(p.scheme, part), fieldKey: o.fieldKey, at: new Date(when) });
          } finally {
            part.fill(0);
          }
        },
      });
    }
    for (const part of parts.slice(p.entered)) part.fill(0);
    if (p.end) {
      const end = p.end;
      const closeAt = officeTimeBetween(rng, Math.max(at + HOUR_MS, first + end.at * span), Math.min(nowMs - MINUTE_MS, Math.max(at + HOUR_MS, first + end.at * span) + 2 * DAY_MS));
      const next = end.successor === undefined ? undefined : PLANS[end.successor];
      const reason = end.reason(next && plans.includes(next) ? nameOf(next) : null);
      steps.push({ at: closeAt, run: () => closeKey(q, creator.scope, { id: ids.get(k)!, action: end.action, reason, at: new Date(closeAt) }) });
    }
  });
  await runInTimeOrder(steps);
  return plans.length;
}

/**
 * `count` random components of a `scheme` key; for TDES the last is adjusted so that the key they
 * make (their XOR) has odd parity in every byte. The caller zeroes them.
 */
function componentsOf(scheme: ZmkScheme, count: number): Buffer[] {
  const parts = Array.from({ length: count }, () => randomBytes(ZMK_SCHEME_BYTES[scheme]));
  if (isTdesScheme(scheme)) {
    const rest = xorComponents(parts.slice(0, -1));
    const last = parts[count - 1]!;
    for (let i = 0; i < last.length; i++) {
      const ones = (rest[i]! ^ last[i]!).toString(2).split('1').length - 1;
      if (ones % 2 === 0) last[i]! ^= 1;
    }
    rest.fill(0);
  }
  return parts;
}
