/**
 * Shared set-up of the two-factor enforcement tests: a server with MFA_ENFORCE on, for each of the
 * six group types a company to hold a membership in, its default group and a copy of that group
 * that requires two-factor sign-in (`mfa_required` = 1; a SUPERADMIN group always requires it),
 * and users made of any mix of those memberships, with the demo password.
 */
import { TOTP } from 'otpauth';
import type { PortalClient } from '@paydesk/contract';
import { startTestServer, type TestServer } from './harness.ts';
import { GROUP_TYPES, GROUP_USERS, type GroupType } from './route-suites/fixture.ts';

export { GROUP_TYPES, type GroupType };
/** The group types of a company (every one but the platform's). */
export const COMPANY_TYPES = GROUP_TYPES.filter((t) => t !== 'SUPERADMIN');

export interface TypeGroups {
  /** The company a membership of this type is in (null: the platform). */
  orgId: number | null;
  /** The type's default group: two-factor not required (null for SUPERADMIN, whose groups always require it). */
  plain: number | null;
  /** A group of the type that requires two-factor sign-in. */
  requiring: number;
}

export interface MfaWorld {
  s: TestServer;
  groups: Record<GroupType, TypeGroups>;
  /** The demo users' argon2id hash of harness PASSWORD, copied onto every user made here. */
  passwordHash: string;
}

/** One membership of a user to make: a group in a company (null: the platform). */
export interface MembershipSpec {
  orgId: number | null;
  groupId: number;
  isDefault: boolean;
}

/**
 * Starts the enforcing server on `kind` and builds the groups. Throws when the seed no longer has
 * what the tests rely on (a demo user per type, default groups without the two-factor flag).
 */
export async function startMfaWorld(kind: 'pglite' | 'postgres'): Promise<MfaWorld> {
  const s = await startTestServer({ kind, transactions: 200, config: { mfaEnforce: true, publicUrl: 'https://portal.test' } });
  const q = s.database.query;
  const groups = {} as Record<GroupType, TypeGroups>;
  for (const type of GROUP_TYPES) {
    const [m] = await q<{ org_id: number | null; group_id: number; mfa_required: number }>(
      `SELECT m.org_id, g.id AS group_id, g.mfa_required FROM memberships m JOIN users u ON u.id = m.user_id JOIN user_groups g ON g.id = m.group_id
        WHERE lower(u.email) = $1 AND g.group_type = $2 AND g.is_default ORDER BY m.is_default DESC LIMIT 1`,
      [GROUP_USERS[type], type],
    );
    if (!m) throw new Error(`no default ${type} membership of ${GROUP_USERS[type]}`);
    if (type === 'SUPERADMIN') {
      groups[type] = { orgId: null, plain: null, requiring: m.group_id };
      continue;
    }
    if (Number(m.mfa_required) !== 0) throw new Error(`the default ${type} group requires two-factor sign-in`);
    const [copy] = await q<{ id: number }>(`INSERT INTO user_groups (name, group_type, mfa_required) VALUES ($1, $2, 1) RETURNING id`, [`${type} with two-factor`, type]);
    await q(`INSERT INTO user_group_permissions (group_id, permission) SELECT $1, permission FROM user_group_permissions WHERE group_id = $2`, [copy!.id, m.group_id]);
    groups[type] = { orgId: m.org_id, plain: m.group_id, requiring: copy!.id };
  }
  const [admin] = await q<{ password_hash: string }>(`SELECT password_hash FROM users WHERE lower(email) = $1`, [GROUP_USERS.SUPERADMIN]);
  return { s, groups, passwordHash: admin!.password_hash };
}

/** A membership of `type`: its plain group, or (`requiring`) the one that requires two-factor sign-in. */
export function membershipOf(w: MfaWorld, type: GroupType, requiring: boolean, isDefault = false): MembershipSpec {
  const g = w.groups[type];
  const groupId = requiring ? g.requiring : g.plain;
  if (groupId === null) throw new Error(`${type} has no group without two-factor`);
  return { orgId: g.orgId, groupId, isDefault };
}

let made = 0;

/** Makes an active user with the demo password and `memberships`; answers its id, e-mail and membership ids (in order). */
export async function makeUser(w: MfaWorld, memberships: MembershipSpec[]): Promise<{ id: number; email: string; membershipIds: number[] }> {
  const q = w.s.database.query;
  const email = `mfa.${++made}.${process.pid}@two-factor.test`;
  const [u] = await q<{ id: number }>(`INSERT INTO users (email, nick_name, password_hash) VALUES ($1, 'Two Factor', $2) RETURNING id`, [email, w.passwordHash]);
  const membershipIds: number[] = [];
  for (const m of memberships) membershipIds.push(await addMembership(w, u!.id, m));
  return { id: u!.id, email, membershipIds };
}

/** Adds membership `m` to user `userId` straight in the database; answers its id. */
export async function addMembership(w: MfaWorld, userId: number, m: MembershipSpec): Promise<number> {
  const [row] = await w.s.database.query<{ id: number }>(`INSERT INTO memberships (user_id, org_id, group_id, is_default) VALUES ($1, $2, $3, $4) RETURNING id`, [userId, m.orgId, m.groupId, m.isDefault]);
  return row!.id;
}

/** The TOTP of an enrolment's secret, as an authenticator app computes it. */
export const totpOf = (secret: string) => new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 });

/** Enrols `client`'s user (Mfa/Start, then Mfa/Confirm with the current code); answers its TOTP. */
export async function enrol(client: PortalClient, now: () => Date): Promise<TOTP> {
  const start = await client.call('mfaStart');
  const totp = totpOf(start.Secret);
  await client.call('mfaConfirm', { body: { Code: totp.generate({ timestamp: now().getTime() }) } });
  return totp;
}

/** The ErrorCode a call ends with, or 'OK' when it succeeds (errors other than PortalError are thrown). */
export async function outcomeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'OK';
  } catch (e) {
    const code = (e as { errorCode?: unknown }).errorCode;
    if (typeof code !== 'string') throw e;
    return code;
  }
}
