/**
 * Portal identity: users, user groups and their permissions, memberships (user × company ×
 * group), sessions, single-use links, MFA recovery codes and the sign-in throttle.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { organizations } from './hierarchy.ts';

/** Portal users. Passwords are argon2id hashes; ten failures lock the account for 30 minutes. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    nickName: text('nick_name').notNull(),
    // Null until an invited user sets a password through the invite link.
    passwordHash: text('password_hash'),
    phone: text('phone'),
    // TOTP: the secret sealed under the field key (engine/secret-fields.ts), set when
    // enrolment is confirmed with a first code; the pending secret waits for that code.
    mfaSecret: text('mfa_secret'),
    mfaPendingSecret: text('mfa_pending_secret'),
    mfaEnabledAt: ts('mfa_enabled_at'),
    // The last TOTP time step accepted, so a code is never accepted twice.
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    passwordChangedAt: ts('password_changed_at'),
    invitedByUserId: integer('invited_by_user_id'),
    version: integer('version').notNull().default(1),
    isActive: smallint('is_active').notNull().default(1),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: ts('locked_until'),
    lastLoginAt: ts('last_login_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(sql`lower(${t.email})`)],
);

/** Portal user groups (§6): a named permission set of one group type. */
export const userGroups = pgTable('user_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  groupType: text('group_type').notNull(),
  description: text('description'),
  isActive: smallint('is_active').notNull().default(1),
  isDefault: boolean('is_default').notNull().default(false),
  // Members must sign in with a TOTP code; always on for SUPERADMIN groups.
  /** 1: members must enrol two-factor sign-in (SUPERADMIN groups always do); a switch of /user-group. */
  mfaRequired: smallint('mfa_required').notNull().default(0),
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The `module:action` permissions of a portal user group. */
export const userGroupPermissions = pgTable(
  'user_group_permissions',
  {
    groupId: integer('group_id').notNull().references(() => userGroups.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.permission] })],
);

/**
 * A user's membership: user × company × group. `orgId` is null for platform (SUPERADMIN)
 * memberships. The selected membership decides permissions and data scope.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').references(() => organizations.id),
    groupId: integer('group_id').notNull().references(() => userGroups.id),
    isDefault: boolean('is_default').notNull().default(false),
  },
  // group_id: a user group's delete probes its memberships (resource engine dependents).
  (t) => [uniqueIndex('memberships_uq').on(t.userId, t.orgId, t.groupId), index('memberships_user_idx').on(t.userId), index('memberships_group_idx').on(t.groupId)],
);

/** Server-side sessions behind the JWTs; sign-out sets `revokedAt`. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    membershipId: integer('membership_id').notNull().references(() => memberships.id),
    channelId: text('channel_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    clientIp: text('client_ip'),
    socketIp: text('socket_ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Single-use links: an invitation or a password reset. Only the SHA-256 of the
 * token is kept; the token itself travels in the e-mail alone.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdByUserId: integer('created_by_user_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_tokens_hash_uq').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId)],
);

/** MFA recovery codes: hashed, each usable once. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);

/**
 * Sign-in failures and lockouts per account key: the lower-cased e-mail, whether or not
 * a user has it, so an unknown e-mail locks exactly like a known one and the lockout does not tell
 * which accounts exist. `failures` counts inside the current lockout window; the counter and the
 * lockout change in one atomic statement (auth/login-throttle.ts). Times UTC.
 */
export const loginThrottle = pgTable('login_throttle', {
  accountKey: text('account_key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: ts('locked_until'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A user's saved views of a list screen (modules/saved-views): a name and the list's URL query
 * (filters, sort, page size and the `cols` column choice), reopened by its link. Each user's own;
 * the link carries everything, so a colleague opening it sees the same list within their scope.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    screen: text('screen').notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_views_user_screen_name_uq').on(t.userId, t.screen, t.name)],
);
