/**
 * A custodian enters one component of a zone master key. In the caller's
 * transaction, with the key's row locked (`FOR UPDATE`), so concurrent entries of one key are
 * taken one after the other:
 *  - the key must await components and have slot `seq`; the component must have the scheme's
 *    length, and its KCV (recomputed here) must equal the one typed from the slip (VAL400 naming
 *    Component or Kcv, nothing written);
 *  - the caller must not have entered another component of this key (PERM403) — the unique index
 *    (key_id, user_id) of zmk_components refuses it again should a path ever skip this check;
 *  - the component is stored sealed for its slot. The last one combines all by XOR: the key is
 *    stored sealed with its KCV, the components are wiped, the key becomes ACTIVE.
 * Key material lives in buffers zeroed after use; it is never logged nor returned.
 */
import { ERROR_CODES, ZMK_SCHEME_BYTES, isTdesScheme, type ZmkScheme, type ZmkStatus } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';
import { hasOddParity, isDegenerateTdes, kcvOf, xorComponents } from './kcv.ts';
import { materialPlace, openMaterial, sealMaterial } from './key-material.ts';
import { seesKeys } from './read.ts';

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

export async function enterComponent(q: Query, scope: Scope, input: ComponentEntry): Promise<ComponentResult> {
  if (!seesKeys(scope)) throw notFound('Zone master key');
  const [key] = await q<{ scheme: ZmkScheme; status: ZmkStatus; component_count: number }>(`SELECT scheme, status, component_count FROM zmk_keys WHERE id = $1 FOR UPDATE`, [input.id]);
  if (!key) throw notFound('Zone master key');
  const count = Number(key.component_count);
  if (key.status !== 'AWAITING_COMPONENTS') throw conflict(`The key is ${key.status}: it takes no more components`);
  if (input.seq > count) throw conflict(`This key is entered in ${count} components: there is no component ${input.seq}`);
  const digits = ZMK_SCHEME_BYTES[key.scheme] * 2;
  if (input.component.length !== digits) throw badInput('Component', `enter ${digits} hexadecimal digits for a ${key.scheme} key (${input.component.length} entered)`);
  const part = Buffer.from(input.component, 'hex');
  try {
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
    const [row] = await q<{ id: number }>(
      `INSERT INTO zmk_components (key_id, seq, user_id, component_sealed, kcv, entered_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id`,
      [input.id, input.seq, scope.userId, sealMaterial(input.fieldKey, materialPlace(input.id, input.seq), part), componentKcv, input.at],
    );
    if (!row) throw conflict(`Component ${input.seq} of this key has been entered already, or you entered another one`);
    await q(`INSERT INTO zmk_events (key_id, event, seq, kcv, user_id, at) VALUES ($1, 'COMPONENT_ENTERED', $2, $3, $4, $5)`, [input.id, input.seq, componentKcv, scope.userId, input.at]);
    if (entered.length + 1 < count) return { componentKcv, activatedKcv: null };
    return { componentKcv, activatedKcv: await activate(q, scope, input, key.scheme, [...entered.map((e) => ({ seq: Number(e.seq), sealed: e.component_sealed }))], part) };
  } finally {
    part.fill(0);
  }
}

/** Combines the components (the stored ones and `last`), stores the key sealed, wipes the components; answers the key's KCV. */
async function activate(q: Query, scope: Scope, input: ComponentEntry, scheme: ZmkScheme, stored: { seq: number; sealed: string | null }[], last: Buffer): Promise<string> {
  const parts = stored.map((s) => {
    if (s.sealed === null) throw conflict(`Component ${s.seq} of this key is no longer held: cancel the ceremony and start again`);
    return openMaterial(input.fieldKey, materialPlace(input.id, s.seq), s.sealed);
  });
  const key = xorComponents([...parts, last]);
  try {
    if (isDegenerateTdes(scheme, key)) throw conflict('The components combine into a weak TDES key (two equal halves): cancel this ceremony and generate new components');
    const kcv = kcvOf(scheme, key);
    await q(
      `UPDATE zmk_keys SET status = 'ACTIVE', key_sealed = $2, kcv = $3, odd_parity = $4, activated_at = $5, version = version + 1, updated_at = $5 WHERE id = $1`,
      [input.id, sealMaterial(input.fieldKey, materialPlace(input.id, 'key'), key), kcv, isTdesScheme(scheme) ? hasOddParity(key) : null, input.at],
    );
    await q(`UPDATE zmk_components SET component_sealed = NULL WHERE key_id = $1`, [input.id]);
    await q(`INSERT INTO zmk_events (key_id, event, kcv, user_id, at) VALUES ($1, 'ACTIVATED', $2, $3, $4)`, [input.id, kcv, scope.userId, input.at]);
    return kcv;
  } finally {
    key.fill(0);
    for (const p of parts) p.fill(0);
  }
}
