/**
 * Saved views (contract endpoints/saved-views.ts): each user's named list states per screen. Every
 * statement is bound to the session's user (`scope.userId`), never to an id from the body alone: a
 * view of another user is NF404 to delete and never listed. Saving a name the user already has on
 * the screen replaces its query (one row, one audit row either way).
 */
import { SAVED_VIEWS_PER_SCREEN, type Routes } from '@paydesk/contract';
import { AppError, notFound } from '../../platform/errors.ts';
import type { OperationFn } from '../../platform/operation.ts';
import { ERROR_CODES } from '@paydesk/domain';

interface Row {
  id: number;
  screen: string;
  name: string;
  query: string;
  created_at: string | Date;
}

const answer = (r: Row) => ({ Id: Number(r.id), Screen: r.screen, Name: r.name, Query: r.query, CreatedAt: new Date(r.created_at).toISOString() });

/** The caller's views of `Screen`, by name (at most SAVED_VIEWS_PER_SCREEN). */
export const listSavedViews: OperationFn<Routes['savedViewList']> = async ({ Screen }, ctx) => {
  const rows = await ctx.q<Row>(`SELECT id, screen, name, query, created_at FROM saved_views WHERE user_id = $1 AND screen = $2 ORDER BY name LIMIT ${SAVED_VIEWS_PER_SCREEN}`, [ctx.scope.userId, Screen]);
  return { Items: rows.map(answer) };
};

/**
 * Saves `Query` under `Name` on `Screen` for the caller: a new row, or the same name's query
 * replaced. 409 CF409 when the screen already holds SAVED_VIEWS_PER_SCREEN other views. The count
 * and the insert run in the operation's transaction under a lock of the user's row, so two saves
 * at once cannot pass the limit together.
 */
export const saveSavedView: OperationFn<Routes['savedViewSave']> = async ({ Screen, Name, Query }, ctx) => {
  const userId = ctx.scope.userId;
  await ctx.q('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
  const [{ n } = { n: 0 }] = await ctx.q<{ n: number }>('SELECT count(*)::int AS n FROM saved_views WHERE user_id = $1 AND screen = $2 AND name <> $3', [userId, Screen, Name]);
  if (Number(n) >= SAVED_VIEWS_PER_SCREEN) throw new AppError(409, ERROR_CODES.CONFLICT, `Name: ${Screen} already has ${SAVED_VIEWS_PER_SCREEN} saved views; delete one first`);
  const [before] = await ctx.q<Row>('SELECT id, screen, name, query, created_at FROM saved_views WHERE user_id = $1 AND screen = $2 AND name = $3', [userId, Screen, Name]);
  const [row] = await ctx.q<Row>(
    `INSERT INTO saved_views (user_id, screen, name, query, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, screen, name) DO UPDATE SET query = EXCLUDED.query RETURNING id, screen, name, query, created_at`,
    [userId, Screen, Name, Query, ctx.now()],
  );
  ctx.audit({ targetId: row!.id, before: before ? { Query: before.query } : undefined, after: { Screen, Name, Query } });
  return answer(row!);
};

/** Deletes the caller's view `Id`; NF404 when the caller has no such view (another user's included). */
export const deleteSavedView: OperationFn<Routes['savedViewDelete']> = async ({ Id }, ctx) => {
  const [row] = await ctx.q<Row>('DELETE FROM saved_views WHERE id = $1 AND user_id = $2 RETURNING id, screen, name, query, created_at', [Id, ctx.scope.userId]);
  if (!row) throw notFound('Saved view');
  ctx.audit({ targetId: Id, before: { Screen: row.screen, Name: row.name, Query: row.query } });
  return { Id };
};
