/**
 * GET /api/portal/auth/GetProfile: the caller, its current group and company, its permissions, and
 * its two-factor state (MfaEnabled; MfaSetupRequired while MFA_ENFORCE holds it to enrolment —
 * the session's `mfaSetupRequired`, computed from the user's memberships, not the selected group,
 * so it reads the same whatever group is selected). Answers before enrolment (`beforeMfa`).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/index.ts';
import { invalidSession } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';
import { cachedSession } from '../../auth/session-store.ts';
import { liveSettings } from '../../platform/settings.ts';
import { companyList } from './company-list.ts';

/** The profile of the caller (`scope`); throws SC499 when its user or membership is gone. */
export async function getProfile(app: FastifyInstance, scope: Scope) {
  const { database } = app.ctx;
  const settings = await liveSettings(app.ctx);
  const [user] = await database.db.select().from(users).where(eq(users.id, scope.userId));
  const companies = (await companyList(database, scope.userId, settings.productName)).map(({ IsDefault: _d, ...c }) => c);
  const current = companies.find((c) => c.MembershipId === scope.membershipId);
  if (!user || !current) throw invalidSession();
  return {
    UserId: user.id,
    Email: user.email,
    NickName: user.nickName,
    CompanyList: companies,
    Current: current,
    Permissions: [...scope.permissions].sort(),
    IdleTimeoutMinutes: Math.round(settings.idleTimeoutMs / 60_000),
    MfaEnabled: user.mfaEnabledAt !== null,
    // Said only when enforced: the web then keeps the user on enrolment (guards.tsx RequireSession).
    MfaSetupRequired: app.ctx.config.mfaEnforce && (await cachedSession(database, scope.sessionId))?.mfaSetupRequired === true,
  };
}
