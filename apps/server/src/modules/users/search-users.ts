/**
 * POST /api/portal/UserManagement/Search: the users with a membership in the
 * caller's subtree (SUPERADMIN: every user), each with only those memberships, filtered by
 * keyword (e-mail or name, contains), derived status, company and group; newest first unless a
 * sort is given. OFFSET paging: a subtree holds tens to thousands of users, not millions.
 */
import type { z } from 'zod';
import type { UserSearchRequest } from '@paydesk/contract';
import type { Database } from '../../db/client.ts';
import type { Scope } from '../../platform/scope.ts';
import { containsPattern } from '../../platform/like-pattern.ts';
import { USER_COLUMNS, USER_FROM, inSubtreeSql, statusSql, toUserRows, visibleUserSql, type UserRaw } from './user-access.ts';

const SORT_COLUMNS = { Email: 'lower(u.email)', NickName: 'lower(u.nick_name)', CreatedAt: 'u.created_at', LastLoginAt: 'u.last_login_at' } as const;

/** Answers the page and the total; `now` (UTC) decides LOCKED; `productName` names platform memberships. */
export async function searchUsers(database: Database, scope: Scope, input: z.output<typeof UserSearchRequest>, now: Date, productName: string) {
  const where: string[] = [];
  const values: unknown[] = [];
  const param = (v: unknown) => {
    values.push(v);
    return values.length;
  };
  const vis = visibleUserSql(scope, 'u', values.length + 1);
  values.push(...vis.values);
  where.push(vis.text);
  const f = input.SearchData;
  if (f.Keyword) {
    const p = param(containsPattern(f.Keyword));
    where.push(`(u.email ILIKE $${p} OR u.nick_name ILIKE $${p})`);
  }
  if (f.Status) where.push(`${statusSql(param(now))} = $${param(f.Status)}`);
  if (f.CompanyId !== undefined || f.GroupId !== undefined) {
    // Only memberships the caller sees count, so a foreign company finds nobody.
    const sub = inSubtreeSql(scope, 'fo.path', values.length + 1);
    values.push(...sub.values);
    const conds = [`fm.user_id = u.id`, sub.text === 'true' ? 'true' : `fo.id IS NOT NULL AND ${sub.text}`];
    if (f.CompanyId !== undefined) conds.push(`fm.org_id = $${param(f.CompanyId)}`);
    if (f.GroupId !== undefined) conds.push(`fm.group_id = $${param(f.GroupId)}`);
    where.push(`EXISTS (SELECT 1 FROM memberships fm LEFT JOIN organizations fo ON fo.id = fm.org_id WHERE ${conds.join(' AND ')})`);
  }
  const order = input.Sort ? `${SORT_COLUMNS[input.Sort.Field as keyof typeof SORT_COLUMNS]} ${input.Sort.Order === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, u.id` : 'u.created_at DESC, u.id DESC';
  const cond = where.join(' AND ');
  const [count] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${USER_FROM} WHERE ${cond}`, values);
  const limit = param(input.RowsPerPage);
  const offset = param((input.PageIndex - 1) * input.RowsPerPage);
  const raws = await database.query<UserRaw>(`SELECT ${USER_COLUMNS} FROM ${USER_FROM} WHERE ${cond} ORDER BY ${order} LIMIT $${limit} OFFSET $${offset}`, values);
  return {
    Items: await toUserRows(database.query, scope, raws, now, productName),
    TotalRecords: Number(count?.n ?? 0),
    PageIndex: input.PageIndex,
    RowsPerPage: input.RowsPerPage,
  };
}
