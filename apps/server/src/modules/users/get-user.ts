/** GET /api/portal/UserManagement/:Id: one user the caller sees, with its memberships in the caller's subtree; NF404 otherwise. */
import type { Query } from '../../db/client.ts';
import type { Scope } from '../../platform/scope.ts';
import { requireVisibleUser, toUserRows } from './user-access.ts';

/** The user `id` as the caller sees it; throws NF404 for a user outside the caller's subtree. */
export async function getUser(q: Query, scope: Scope, id: number, now: Date, productName: string) {
  const raw = await requireVisibleUser(q, scope, id);
  const [row] = await toUserRows(q, scope, [raw], now, productName);
  return row!;
}
