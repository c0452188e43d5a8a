/**
 * Who sees and who controls a user. A caller SEES a user with at least one
 * membership in its subtree (`organizations.path` under the caller's company; SUPERADMIN: every
 * user), and is shown only those memberships. A caller CONTROLS a user — may lock, deactivate,
 * reset or rename it — when every one of the user's memberships is in its subtree (SUPERADMIN:
 * always): an account that also works elsewhere (another merchant, an agency above, the platform)
 * is not the caller's to switch off. Hence a SUPERADMIN account is acted on only by a SUPERADMIN.
 */
import { ERROR_CODES, USER_STATUSES, type GroupType, type UserStatus } from '@paydesk/domain';
import type { UserRow } from '@paydesk/contract';
import type { Query } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';

/** Whether the caller is the platform (sees every user and company). */
export const isPlatform = (scope: Scope): boolean => scope.groupType === 'SUPERADMIN' && scope.orgPath === null;

/**
 * The SQL condition "organization path `pathSql` is in the caller's subtree" with its value as
 * parameter `$param` ('true'/'false' without a value for the platform / a caller without a company).
 */
export function inSubtreeSql(scope: Scope, pathSql: string, param: number): { text: string; values: unknown[] } {
  if (isPlatform(scope)) return { text: 'true', values: [] };
  if (scope.orgPath === null) return { text: 'false', values: [] };
  return { text: `${pathSql} LIKE $${param}`, values: [`${scope.orgPath}%`] };
}

/**
 * The SQL condition "user `alias`.id has a membership in the caller's subtree", its value as `$param`.
 */
export function visibleUserSql(scope: Scope, alias: string, param: number): { text: string; values: unknown[] } {
  if (isPlatform(scope)) return { text: 'true', values: [] };
  const sub = inSubtreeSql(scope, 'vo.path', param);
  return { text: `EXISTS (SELECT 1 FROM memberships vm JOIN organizations vo ON vo.id = vm.org_id WHERE vm.user_id = ${alias}.id AND ${sub.text})`, values: sub.values };
}

interface UserRaw {
  id: number;
  email: string;
  nick_name: string;
  phone: string | null;
  password_hash: string | null;
  is_active: number;
  mfa_enabled_at: Date | string | null;
  locked: Date | string | null;
  last_login_at: Date | string | null;
  created_at: Date | string;
  version: number;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString());

/** The derived status of a user row (see USER_STATUSES) at `now`: INACTIVE, INVITED, LOCKED (an administrator's lock or a sign-in lockout) or ACTIVE. */
export function statusOf(r: UserRaw, now: Date): UserStatus {
  if (Number(r.is_active) !== 1) return 'INACTIVE';
  if (r.password_hash === null) return 'INVITED';
  if (r.locked !== null && new Date(r.locked).getTime() > now.getTime()) return 'LOCKED';
  return 'ACTIVE';
}

/** The SQL of a user's status (the same rules as statusOf), for filters; `$now` as parameter `$param`. */
export function statusSql(param: number): string {
  return `CASE WHEN u.is_active <> 1 THEN '${USER_STATUSES[3]}' WHEN u.password_hash IS NULL THEN '${USER_STATUSES[0]}'
               WHEN greatest(u.locked_until, t.locked_until) > $${param} THEN '${USER_STATUSES[2]}' ELSE '${USER_STATUSES[1]}' END`;
}

/** The columns of a user row: its lock is the later of an administrator's lock and a sign-in lockout (login_throttle). */
export const USER_COLUMNS = `u.id, u.email, u.nick_name, u.phone, u.password_hash, u.is_active, u.mfa_enabled_at, u.last_login_at, u.created_at, u.version,
  greatest(u.locked_until, t.locked_until) AS locked`;
export const USER_FROM = `users u LEFT JOIN login_throttle t ON t.account_key = lower(u.email)`;

/**
 * The answers for users `raws` (ordered as given) with their memberships in the caller's subtree.
 */
export async function toUserRows(q: Query, scope: Scope, raws: UserRaw[], now: Date, productName: string): Promise<UserRow[]> {
  if (raws.length === 0) return [];
  const sub = inSubtreeSql(scope, 'o.path', 2);
  const ms = await q<{ user_id: number; mid: number; org_id: number | null; org_name: string | null; gid: number; gname: string; gtype: GroupType }>(
    `SELECT m.user_id, m.id AS mid, m.org_id, o.name AS org_name, g.id AS gid, g.name AS gname, g.group_type AS gtype
       FROM memberships m JOIN user_groups g ON g.id = m.group_id LEFT JOIN organizations o ON o.id = m.org_id
      WHERE m.user_id = ANY($1::int[]) AND ${isPlatform(scope) ? 'true' : `o.id IS NOT NULL AND ${sub.text}`}
      ORDER BY m.id`,
    [raws.map((r) => r.id), ...sub.values],
  );
  return raws.map((r) => {
    const locked = statusOf(r, now) === 'LOCKED' ? iso(r.locked) : null;
    return {
      Id: r.id,
      Email: r.email,
      NickName: r.nick_name,
      Phone: r.phone,
      Status: statusOf(r, now),
      MfaEnabled: r.mfa_enabled_at !== null,
      LockedUntil: locked,
      LastLoginAt: iso(r.last_login_at),
      CreatedAt: iso(r.created_at)!,
      Memberships: ms
        .filter((m) => m.user_id === r.id)
        .map((m) => ({ MembershipId: m.mid, CompanyId: m.org_id, CompanyName: m.org_name ?? `${productName} Platform`, GroupId: m.gid, GroupName: m.gname, GroupType: m.gtype })),
      Version: r.version,
    };
  });
}

/** The raw row of user `id` if the caller sees it, else null. */
export async function visibleUser(q: Query, scope: Scope, id: number): Promise<UserRaw | null> {
  const vis = visibleUserSql(scope, 'u', 2);
  const [r] = await q<UserRaw>(`SELECT ${USER_COLUMNS} FROM ${USER_FROM} WHERE u.id = $1 AND ${vis.text}`, [id, ...vis.values]);
  return r ?? null;
}

/** The raw row of user `id` if the caller sees it; throws NF404 otherwise (another tenant's user reads as absent). */
export async function requireVisibleUser(q: Query, scope: Scope, id: number): Promise<UserRaw> {
  const r = await visibleUser(q, scope, id);
  if (!r) throw notFound('User');
  return r;
}

/** Whether every membership of user `id` lies in the caller's subtree (the caller controls the account). */
export async function controlsUser(q: Query, scope: Scope, id: number): Promise<boolean> {
  if (isPlatform(scope)) return true;
  const sub = inSubtreeSql(scope, 'o.path', 2);
  const [r] = await q<{ outside: number }>(
    `SELECT count(*)::int AS outside FROM memberships m LEFT JOIN organizations o ON o.id = m.org_id
      WHERE m.user_id = $1 AND NOT (o.id IS NOT NULL AND ${sub.text})`,
    [id, ...sub.values],
  );
  return Number(r?.outside ?? 0) === 0;
}

/**
 * Throws 403 PERM403 unless the caller controls user `id` (see the module comment): an account
 * with memberships outside the caller's subtree (e.g. a SUPERADMIN's) is not changed account-wide.
 */
export async function requireControl(q: Query, scope: Scope, id: number): Promise<void> {
  if (!(await controlsUser(q, scope, id))) {
    throw new AppError(403, ERROR_CODES.FORBIDDEN, 'This user also works outside your organization: only an administrator above it can change the account');
  }
}

/** Throws 409 CF409 when `version` is not the user's current one (someone changed it since it was read). */
export function requireVersion(current: number, version: number): void {
  if (current !== version) throw new AppError(409, ERROR_CODES.CONFLICT, 'The user was changed by someone else: reload it and try again');
}

/** Ends every session of user `userId` at once (revoked now; the caller also drops cached sessions). */
export async function endSessions(q: Query, userId: number, now: Date): Promise<void> {
  await q(`UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL`, [userId, now]);
}

/**
 * Ends every unused invitation and reset link of user `userId` (marked used at `now`, UTC), so no
 * later change of the user's state brings one back: used after a password is set, and when the
 * user is deactivated or locked (a link that outlives them would work again on Reactivate or Unlock).
 */
export async function endLinks(q: Query, userId: number, now: Date): Promise<void> {
  await q(`UPDATE user_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`, [userId, now]);
}

export type { UserRaw };
