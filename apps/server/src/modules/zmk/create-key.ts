/**
 * Defines a zone master key and starts its ceremony: AWAITING_COMPONENTS with
 * no component yet. Errors: VAL400 naming AcquirerId (no such active acquirer), CF409 naming Name
 * (a key of that name exists).
 */
import { ERROR_CODES, type ZmkPurpose, type ZmkScheme } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';
import { logEvent } from '../../workflows/engine.ts';
import { ZMK_KEYS } from './key-record.ts';
import { seesKeys } from './read.ts';

export interface NewKey {
  name: string;
  purpose: ZmkPurpose;
  acquirerId: number;
  scheme: ZmkScheme;
  componentCount: number;
  at: Date;
}

/**
 * Inserts the key (AWAITING_COMPONENTS, the column's default) and its CREATED event (the first of
 * its log, no machine check: there was no state before) in the caller's transaction, at `at`
 * (UTC) by the caller; answers its id. Errors: NF404 for a caller who does not see keys.
 */
export async function createKey(q: Query, scope: Scope, input: NewKey): Promise<number> {
  if (!seesKeys(scope)) throw notFound(ZMK_KEYS.noun);
  const [acquirer] = await q(`SELECT 1 FROM acquirers WHERE id = $1 AND is_active = 1`, [input.acquirerId]);
  if (!acquirer) throw badInput('AcquirerId', `there is no active acquirer ${input.acquirerId}`);
  const [made] = await q<{ id: number }>(
    `INSERT INTO zmk_keys (name, purpose, acquirer_id, scheme, component_count, created_by_user_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT (name) DO NOTHING RETURNING id`,
    [input.name, input.purpose, input.acquirerId, input.scheme, input.componentCount, scope.userId, input.at],
  );
  if (!made) throw new AppError(409, ERROR_CODES.CONFLICT, `Name: a key named ${input.name} exists already`);
  const id = Number(made.id);
  await logEvent(q, ZMK_KEYS.events, id, { action: 'CREATED', from: null, to: 'AWAITING_COMPONENTS', actorUserId: scope.userId, summary: null, at: input.at });
  return id;
}
