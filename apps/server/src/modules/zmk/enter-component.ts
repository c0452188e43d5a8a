/**
 * A custodian enters one component of a zone master key. In the caller's transaction, with the
 * key's row locked (`FOR UPDATE`, key-record.ts), so concurrent entries of one key are taken one
 * after the other; the key moves through its machine (domain ZMK_MACHINE) by the workflow engine:
 *  - ENTER_COMPONENT: the key must await components (CF409 otherwise) and have slot `seq`; the
 *    component must have the scheme's length, and its KCV (recomputed here) must equal the one
 *    typed from the slip (VAL400 naming Component or Kcv, nothing written);
 *  - the caller must not have entered another component of this key (PERM403) — the unique index
 *    (key_id, user_id) of zmk_components refuses it again should a path ever skip this check;
 *  - the component is stored sealed for its slot, with a COMPONENT_ENTERED event (slot and KCV);
 *  - ACTIVATE, when that was the last one: all are combined by XOR, the key is stored sealed with
 *    its KCV, the components are wiped, the key becomes ACTIVE with an ACTIVATED event (its KCV).
 * Key material lives in buffers zeroed after use; it is never logged nor returned.
 */
import { ERROR_CODES, ZMK_SCHEME_BYTES, isTdesScheme } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';
import { move, type MovePlan } from '../../workflows/engine.ts';
import { hasOddParity, isDegenerateTdes, kcvOf, xorComponents } from './kcv.ts';
import { ZMK_EVENT_NAMES, ZMK_KEYS, type LockedKey } from './key-record.ts';
import { materialPlace, openMaterial, sealMaterial } from './key-material.ts';

const conflict = (message: string) => new AppError(409, ERROR_CODES.CONFLICT, message);

export interface ComponentEntry {
  id: number;
  /** The slot, 1 … 3, from the route (zmkComponent1 …). */
  seq: number;
  /** Hex digits, normalised by the contract (no spaces, upper case). */
  component: string;
  kcv: string;
  fieldKey: Uint8Array;
  at: Date;
}

/** What the entry did: the slot's KCV, and the key's KCV when this component completed it. */
export interface ComponentResult {
  componentKcv: string;
  activatedKcv: string | null;
}

/** A component already stored for the key: its slot and sealed value (null once wiped). */
interface Stored {
  seq: number;
  sealed: string | null;
}

/**
 * Enters component `input.seq` of key `input.id` as the caller at `input.at` (UTC), and activates
 * the key when it is the last one; answers the component's KCV and the key's when activated.
 * Errors: NF404 (no such key, or a caller who does not see keys), CF409 (a key not awaiting
 * components, no such slot, a slot taken, a component no longer held, a weak TDES key), VAL400
 * (Component, Kcv), PERM403 (the caller entered another component of this key).
 */
export async function enterComponent(q: Query, scope: Scope, input: ComponentEntry): Promise<ComponentResult> {
  const key = await ZMK_KEYS.lock(q, input.id, scope);
  if (!key) throw notFound(ZMK_KEYS.noun);
  // Every buffer holding key material, zeroed whatever happens.
  const held: Buffer[] = [];
  try {
    // What the plans learnt under the lock, read once each move has written.
    const entry = { componentKcv: '', stored: [] as Stored[], part: Buffer.alloc(0), activatedKcv: '' };
    await move(q, ZMK_KEYS, key, 'ENTER_COMPONENT', scope.userId, input.at, async () => {
      const e = await componentPlan(q, scope, key, input, held);
      Object.assign(entry, { componentKcv: e.componentKcv, stored: e.stored, part: e.part });
      return e.plan;
    });
    if (entry.stored.length + 1 < key.componentCount) return { componentKcv: entry.componentKcv, activatedKcv: null };
    // The last component: the key is complete, ACTIVATE follows in the same transaction.
    await move(q, ZMK_KEYS, key, 'ACTIVATE', scope.userId, input.at, () => {
      const a = activationPlan(q, key, input, entry.stored, entry.part, held);
      entry.activatedKcv = a.kcv;
      return a.plan;
    });
    return { componentKcv: entry.componentKcv, activatedKcv: entry.activatedKcv };
  } finally {
    for (const b of held) b.fill(0);
  }
}

/**
 * The checks of one entry (slot, length, KCV, dual control, slot free, no twin) and what
 * ENTER_COMPONENT writes: the sealed component (its row inserted before the event) and the event's
 * slot and KCV; also the component's KCV, the components stored before it and the decoded component
 * (pushed onto `held` too, to be zeroed). Throws the refusals listed on enterComponent.
 */
async function componentPlan(
  q: Query, scope: Scope, key: LockedKey, input: ComponentEntry, held: Buffer[],
): Promise<{ plan: MovePlan; componentKcv: string; stored: Stored[]; part: Buffer }> {
  if (input.seq > key.componentCount) throw conflict(`This key is entered in ${key.componentCount} components: there is no component ${input.seq}`);
  const digits = ZMK_SCHEME_BYTES[key.scheme] * 2;
  if (input.component.length !== digits) throw badInput('Component', `enter ${digits} hexadecimal digits for a ${key.scheme} key (${input.component.length} entered)`);
  const part = Buffer.from(input.component, 'hex');
  held.push(part);
  const componentKcv = kcvOf(key.scheme, part);
  if (componentKcv !== input.kcv) throw badInput('Kcv', 'the check value does not match the component: check both against the slip and enter them again');
  const entered = await q<{ seq: number; user_id: number; kcv: string; component_sealed: string | null }>(
    `SELECT seq, user_id, kcv, component_sealed FROM zmk_components WHERE key_id = $1 ORDER BY seq`,
    [input.id],
  );
  const mine = entered.find((e) => Number(e.user_id) === scope.userId);
  if (mine) throw new AppError(403, ERROR_CODES.FORBIDDEN, `You entered component ${mine.seq} of this key: another custodian must enter component ${input.seq} (dual control)`);
  if (entered.some((e) => Number(e.seq) === input.seq)) throw conflict(`Component ${input.seq} of this key has been entered already`);
  const twin = entered.find((e) => e.kcv === componentKcv);
  // Two equal components cancel out in the XOR: each custodian must hold a different one.
  if (twin) throw badInput('Component', `it is the same as component ${twin.seq} (same check value): each custodian holds a different component`);
  const sealed = sealMaterial(input.fieldKey, materialPlace(input.id, input.seq), part);
  return {
    componentKcv,
    part,
    stored: entered.map((e) => ({ seq: Number(e.seq), sealed: e.component_sealed })),
    plan: {
      summary: null,
      event: ZMK_EVENT_NAMES.ENTER_COMPONENT,
      eventExtra: { seq: input.seq, kcv: componentKcv },
      also: async () => {
        const [row] = await q<{ id: number }>(
          `INSERT INTO zmk_components (key_id, seq, user_id, component_sealed, kcv, entered_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id`,
          [input.id, input.seq, scope.userId, sealed, componentKcv, input.at],
        );
        if (!row) throw conflict(`Component ${input.seq} of this key has been entered already, or you entered another one`);
      },
    },
  };
}

/**
 * What ACTIVATE writes: the components (the stored ones and `last`) combined by XOR, the key sealed
 * with its KCV, parity (TDES) and activation time, the version bumped, the components wiped, and
 * the event's KCV. Every opened buffer is pushed onto `held`. CF409 for a component no longer held
 * or a weak TDES key (nothing written).
 */
function activationPlan(q: Query, key: LockedKey, input: ComponentEntry, stored: Stored[], last: Buffer, held: Buffer[]): { plan: MovePlan; kcv: string } {
  const parts = stored.map((s) => {
    if (s.sealed === null) throw conflict(`Component ${s.seq} of this key is no longer held: cancel the ceremony and start again`);
    const open = openMaterial(input.fieldKey, materialPlace(input.id, s.seq), s.sealed);
    held.push(open);
    return open;
  });
  const combined = xorComponents([...parts, last]);
  held.push(combined);
  if (isDegenerateTdes(key.scheme, combined)) throw conflict('The components combine into a weak TDES key (two equal halves): cancel this ceremony and generate new components');
  const kcv = kcvOf(key.scheme, combined);
  return {
    kcv,
    plan: {
      summary: null,
      event: ZMK_EVENT_NAMES.ACTIVATE,
      set: {
        key_sealed: sealMaterial(input.fieldKey, materialPlace(input.id, 'key'), combined),
        kcv,
        odd_parity: isTdesScheme(key.scheme) ? hasOddParity(combined) : null,
        activated_at: input.at,
      },
      increment: ['version'],
      also: () => q(`UPDATE zmk_components SET component_sealed = NULL WHERE key_id = $1`, [input.id]),
      eventExtra: { kcv },
    },
  };
}
