/**
 * Server-side sessions behind the JWTs: created at sign-in, bound to the secure channel the
 * sign-in came over, revoked at sign-out, ended after the idle limit.
 *
 * Cache: `cachedSession` reuses a session read (row, group, permissions) for at
 * most SESSION_CACHE_MS, so a busy session costs one database read per 2 s instead of one per
 * request. Every change made through this module drops or updates the entry at once on this
 * server: revoke (sign-out, idle end) and group switch drop it, touch updates its lastSeenAt;
 * `forgetSessions` drops all of them (user-group, permission or user changes — the auth guard
 * calls it after such a write succeeds). Another server sees a change when its own entry expires,
 * i.e. within SESSION_CACHE_MS: that is the cross-server window of revocation, idle end, group
 * switch, permission changes and deactivation.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { TOKEN_LIFETIME_MS, type GroupType, type OrgLevel } from '@paydesk/domain';
import type { Database } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import type { Scope } from '../platform/scope.ts';

export interface SessionRow {
  id: string;
  userId: number;
  channelId: string | null;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  userActive: boolean;
  groupActive: boolean;
  /**
   * The USER must still enrol two-factor sign-in: it has not enrolled and holds at least one
   * active membership (active group, active or no company) whose group requires it (a SUPERADMIN
   * group, or `user_groups.mfa_required` = 1). Computed from the user, never from the selected
   * group, so the order of sign-in and group switches cannot lower it (MFA_ENFORCE; auth-guard.ts).
   */
  mfaSetupRequired: boolean;
  scope: Scope;
}

/** Creates a session for a user's membership; returns its id. Times are UTC. */
export async function createSession(
  database: Database,
  s: { userId: number; membershipId: number; channelId: string | null; clientIp: string | null; socketIp: string; userAgent: string | null; now: Date },
): Promise<string> {
  const id = randomUUID();
  await database.db.insert(sessions).values({
    id,
    userId: s.userId,
    membershipId: s.membershipId,
    channelId: s.channelId,
    createdAt: s.now,
    lastSeenAt: s.now,
    expiresAt: new Date(s.now.getTime() + TOKEN_LIFETIME_MS),
    clientIp: s.clientIp,
    socketIp: s.socketIp,
    userAgent: s.userAgent,
  });
  return id;
}

interface Raw {
  id: string;
  user_id: number;
  membership_id: number;
  channel_id: string | null;
  last_seen_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  email: string;
  user_active: number;
  group_type: GroupType;
  group_active: number;
  org_id: number | null;
  level: OrgLevel | null;
  path: string | null;
  perms: string[];
  mfa_setup_required: boolean;
}

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * "User `u` holds a membership that requires two-factor sign-in", as SQL over alias `u`: any of
 * its memberships the user could select (the groups and companies the Login answer's CompanyList
 * offers: active group, platform or active company) whose group is a SUPERADMIN group or flagged
 * `mfa_required`. Any, not the selected one: two-factor is a property of the account, so that a
 * membership without the flag cannot be used to skip enrolment.
 */
const MFA_REQUIRING_MEMBERSHIP_SQL = `EXISTS (
  SELECT 1 FROM memberships rm
    JOIN user_groups rg ON rg.id = rm.group_id AND rg.is_active = 1
    LEFT JOIN organizations ro ON ro.id = rm.org_id
   WHERE rm.user_id = u.id AND (rg.mfa_required = 1 OR rg.group_type = 'SUPERADMIN') AND (ro.id IS NULL OR ro.is_active = 1))`;

/** Loads a session with the scope of its current membership, straight from the database (no cache). */
export async function loadSession(database: Database, sid: string): Promise<SessionRow | null> {
  const rows = await database.query<Raw>(
    `SELECT s.id, s.user_id, s.membership_id, s.channel_id, s.last_seen_at, s.expires_at, s.revoked_at,
            u.email, u.is_active AS user_active, g.group_type, g.is_active AS group_active, m.org_id, o.level, o.path,
            (u.mfa_enabled_at IS NULL AND ${MFA_REQUIRING_MEMBERSHIP_SQL}) AS mfa_setup_required,
            coalesce((SELECT array_agg(p.permission) FROM user_group_permissions p WHERE p.group_id = g.id), '{}') AS perms
       FROM sessions s
       JOIN users u ON u.id = s.user_id
       JOIN memberships m ON m.id = s.membership_id
       JOIN user_groups g ON g.id = m.group_id
       LEFT JOIN organizations o ON o.id = m.org_id
      WHERE s.id = $1`,
    [sid],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    userId: r.user_id,
    channelId: r.channel_id,
    lastSeenAt: toDate(r.last_seen_at),
    expiresAt: toDate(r.expires_at),
    revokedAt: r.revoked_at === null ? null : toDate(r.revoked_at),
    userActive: Number(r.user_active) === 1,
    groupActive: Number(r.group_active) === 1,
    mfaSetupRequired: r.mfa_setup_required === true,
    scope: {
      userId: r.user_id,
      email: r.email,
      sessionId: r.id,
      membershipId: r.membership_id,
      groupType: r.group_type,
      orgId: r.org_id,
      orgLevel: r.level,
      orgPath: r.path,
      permissions: new Set(r.perms),
    },
  };
}

/** How long a session read is reused, ms: the cross-server window of every session change. */
export const SESSION_CACHE_MS = 2_000;
/** Most sessions cached per database; the oldest reads are dropped past it. */
const SESSION_CACHE_MAX = 10_000;

interface SessionCache {
  entries: Map<string, { row: SessionRow; readAt: number }>;
  /** Reads in flight, shared by concurrent requests of one session. */
  pending: Map<string, Promise<SessionRow | null>>;
  /** Bumped by every forget: a read that started before it is answered but not kept. */
  generation: number;
}

const caches = new WeakMap<Database, SessionCache>();

function cacheOf(database: Database): SessionCache {
  let c = caches.get(database);
  if (!c) caches.set(database, (c = { entries: new Map(), pending: new Map(), generation: 0 }));
  return c;
}

/** The session `sid` when this server's cache holds it fresh (no read, no promise), else undefined. Shared: do not modify it. */
export function freshSession(database: Database, sid: string): SessionRow | undefined {
  const hit = cacheOf(database).entries.get(sid);
  return hit && Date.now() - hit.readAt < SESSION_CACHE_MS ? hit.row : undefined;
}

/**
 * The session `sid` as `loadSession` reads it, reused for up to SESSION_CACHE_MS (wall clock) —
 * see the module comment for what keeps it current. Null when there is no such session. The
 * returned row is shared: do not modify it.
 */
export async function cachedSession(database: Database, sid: string): Promise<SessionRow | null> {
  const fresh = freshSession(database, sid);
  if (fresh) return fresh;
  const c = cacheOf(database);
  let read = c.pending.get(sid);
  if (!read) {
    const generation = c.generation;
    const readAt = Date.now();
    read = loadSession(database, sid).then((row) => {
      if (generation === c.generation) {
        c.entries.delete(sid);
        if (row) c.entries.set(sid, { row, readAt });
        for (const oldest of c.entries.keys()) {
          if (c.entries.size <= SESSION_CACHE_MAX) break;
          c.entries.delete(oldest);
        }
      }
      return row;
    });
    const shared = read.finally(() => {
      if (c.pending.get(sid) === shared) c.pending.delete(sid);
    });
    c.pending.set(sid, shared);
    read = shared;
  }
  return read;
}

/** Drops the cached read of `sid` on this server (after a change to the session). */
export function forgetSession(database: Database, sid: string): void {
  const c = cacheOf(database);
  c.entries.delete(sid);
  c.pending.delete(sid);
  c.generation++;
}

/** Drops every cached session read on this server (after a change to users, groups or permissions). */
export function forgetSessions(database: Database): void {
  const c = cacheOf(database);
  c.entries.clear();
  c.pending.clear();
  c.generation++;
}

/** Marks the session used now (and its cached read, so the idle check sees it). */
export async function touchSession(database: Database, sid: string, now: Date): Promise<void> {
  await database.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sid));
  const hit = cacheOf(database).entries.get(sid);
  if (hit && hit.row.lastSeenAt < now) hit.row.lastSeenAt = now;
}

/** Revokes the session (sign-out, idle end); later use of its token gets SC499. */
export async function revokeSession(database: Database, sid: string, now: Date): Promise<void> {
  await database.db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sid));
  forgetSession(database, sid);
}

/** Points the session at another membership of the same user (group switch). */
export async function switchSessionMembership(database: Database, sid: string, membershipId: number): Promise<void> {
  await database.db.update(sessions).set({ membershipId }).where(eq(sessions.id, sid));
  forgetSession(database, sid);
}
