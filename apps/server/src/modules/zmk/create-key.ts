/**
 * Defines a zone master key and starts its ceremony: AWAITING_COMPONENTS with
 * no component yet. Errors: VAL400 naming AcquirerId (no such active acquirer), CF409 naming Name
 * (a key of that name exists).
 */
import { ERROR_CODES, type ZmkPurpose, type ZmkScheme } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';
import { seesKeys } from './read.ts';

export interface NewKey {
  name: string;
  purpose: ZmkPurpose;
  acquirerId: number;
  scheme: ZmkScheme;
  componentCount: number;
  at: Date;
}

/** Inserts the key and its CREATED event in the caller's transaction; answers its id. */
export async function createKey(q: Query, scope: Scope, input: NewKey): Promise<number> {
  if (!seesKeys(scope)) throw notFound('Zone master key');
  const [acquirer] = await q(`SELECT 1 FROM acquirers WHERE id = $1 AND is_active = 1`, [input.acquirerId]);
  if (!acquirer) throw badInput('AcquirerId', `there is no active acquirer ${input.acquirerId}`);
  const [made] = await q<{ id: number }>(
    `INSERT INTO zmk_keys (name, purpose, acquirer_id, scheme, component_count, created_by_user_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT (name) DO NOTHING RETURNING id`,
    [input.name, input.purpose, input.acquirerId, input.scheme, input.componentCount, scope.userId, input.at],
  );
  if (!made) throw new AppError(409, ERROR_CODES.CONFLICT, `Name: a key named ${input.name} exists already`);
  await q(`INSERT INTO zmk_events (key_id, event, user_id, at) VALUES ($1, 'CREATED', $2, $3)`, [made.id, scope.userId, input.at]);
  return Number(made.id);
}
