/**
 * Two-factor enforcement is a property of the user, not of the selected group (MFA_ENFORCE on),
 * on both databases:
 *  - generated users (fast-check): memberships of any group types, with or without one whose group
 *    requires two-factor sign-in (each of the six types), that one the default or not, added
 *    before or after sign-in, then group switches and a second sign-in — while the user has not
 *    enrolled, every session of a user holding such a membership answers MFA403 to lookups,
 *    permissioned routes and the group switch, and its profile says MfaSetupRequired; a user
 *    without one is never held;
 *  - every route of the route table, for an unenrolled user of each group type whose DEFAULT
 *    membership does not require it: only the routes flagged `beforeMfa` answer; after Mfa/Start
 *    and Mfa/Confirm with a real TOTP code, the same session is let through by its permissions.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@paydesk/domain';
import { ROUTE_TABLE, type PortalClient, type RouteDef } from '@paydesk/contract';
import { forgetSessions } from '../../src/auth/session-store.ts';
import { DATABASES } from './harness.ts';
import { freshClient, pool, sendRoute, type Answer, type RouteInput } from './route-suites/fixture.ts';
import { COMPANY_TYPES, GROUP_TYPES, addMembership, enrol, makeUser, membershipOf, outcomeOf, startMfaWorld, type GroupType, type MfaWorld } from './mfa-enforcement-fixture.ts';

/** The routes reviewed as open before enrolment (RouteDef.beforeMfa). */
const BEFORE_MFA = ['currencies', 'logout', 'mfaConfirm', 'mfaStart', 'profile'];

/** The harmless probe of a route (as the authorization matrix sends): an absent id, an empty body. */
function probeOf(route: RouteDef): RouteInput {
  const body = route.upload ? new FormData() : route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
  return { params: { Id: '2147483647', ServiceType: '0' }, body };
}

const isMfa403 = (a: Answer) => a.status === 403 && a.error?.ErrorCode === ERROR_CODES.MFA_SETUP_REQUIRED;

/** A generated user and what it does: see the file comment. */
const scenarios = fc.record({
  /** The type of the membership that requires two-factor sign-in; null: the user holds none. */
  requiring: fc.option(fc.constantFrom(...GROUP_TYPES), { nil: null, freq: 5 }),
  /** Memberships in the types' default groups (two-factor not required). */
  plain: fc.uniqueArray(fc.constantFrom(...COMPANY_TYPES), { minLength: 1, maxLength: 3 }),
  /** Which membership is the default (modulo their number). */
  defaultAt: fc.nat({ max: 3 }),
  /** The requiring membership arrives after sign-in, half-way through the switches. */
  late: fc.boolean(),
  /** Group switches, as indexes into the memberships held at the time. */
  switches: fc.array(fc.nat({ max: 3 }), { maxLength: 4 }),
  /** Signs in a second session at the end. */
  again: fc.boolean(),
});

describe.each(DATABASES)('two-factor enforcement on %s', (kind) => {
  let w: MfaWorld;
  beforeAll(async () => {
    w = await startMfaWorld(kind);
  }, 300_000);
  afterAll(async () => w?.s.close());

  /** The session state a client must show: profile, a lookup without permission, a permissioned route. */
  const expectHeld = async (c: PortalClient, held: boolean, current: number) => {
    const p = await c.call('profile');
    expect(p.MfaSetupRequired).toBe(held);
    expect(p.Current.MembershipId).toBe(current);
    const lookup = await outcomeOf(c.call('subscriptionCompanyList'));
    const dashboard = await outcomeOf(c.call('dashboard', { body: { Currency: 'MYR' } }));
    if (held) expect([lookup, dashboard]).toEqual(['MFA403', 'MFA403']);
    else expect([lookup, ['OK', 'PERM403'].includes(dashboard)]).toEqual(['OK', true]);
  };

  it('flags exactly the enrolment steps, the profile, sign-out and the currency list as open before enrolment', () => {
    const open = Object.entries(ROUTE_TABLE)
      .filter(([, r]) => r.beforeMfa)
      .map(([n]) => n)
      .sort();
    expect(open).toEqual(BEFORE_MFA);
    expect(Object.values(ROUTE_TABLE).every((r) => !r.beforeMfa || r.auth)).toBe(true);
  });

  it('holds every unenrolled holder of a two-factor membership to enrolment, whatever the default, the sign-in order and the group switches', async () => {
    let held = 0;
    let free = 0;
    await fc.assert(
      fc.asyncProperty(scenarios, async (sc) => {
        const requiring = sc.requiring === null ? null : membershipOf(w, sc.requiring, true);
        const specs = sc.plain.map((t) => membershipOf(w, t, false));
        if (requiring && !sc.late) specs.push(requiring);
        specs[sc.defaultAt % specs.length]!.isDefault = true;
        const user = await makeUser(w, specs);
        const targets = [...user.membershipIds];
        const defaultId = targets[sc.defaultAt % targets.length]!;
        let enforced = requiring !== null && !sc.late;
        const c = await w.s.signIn(user.email);
        let current = defaultId;
        await expectHeld(c, enforced, current);
        const half = Math.floor(sc.switches.length / 2);
        for (let i = 0; i <= sc.switches.length; i++) {
          if (requiring && sc.late && i === half) {
            // An administrator's change applies at once on this server (the session cache is dropped).
            targets.push(await addMembership(w, user.id, requiring));
            forgetSessions(w.s.database);
            enforced = true;
            await expectHeld(c, true, current);
          }
          if (i === sc.switches.length) break;
          const target = targets[sc.switches[i]! % targets.length]!;
          const switched = await outcomeOf(c.call('changeUserGroup', { body: { MembershipId: target } }));
          expect(switched).toBe(enforced ? 'MFA403' : 'OK');
          if (!enforced) current = target;
          await expectHeld(c, enforced, current);
        }
        if (sc.again) await expectHeld(await w.s.signIn(user.email), enforced, defaultId);
        if (enforced) held++;
        else free++;
      }),
      { numRuns: 24, seed: 2701 },
    );
    // Both sides of the rule were generated.
    expect(held).toBeGreaterThan(0);
    expect(free).toBeGreaterThan(0);
  }, 300_000);

  it('answers only the beforeMfa routes before enrolment, for every route and an unenrolled user of each group type, then lets the same session through by its permissions', async () => {
    const guarded = Object.entries(ROUTE_TABLE).filter(([, r]) => r.auth);
    const leaks: string[] = [];
    let checks = 0;
    for (const type of GROUP_TYPES) {
      // The default is a membership that does not require two-factor: the way around enforcement that must not exist.
      const plainType: GroupType = type === 'SUPERADMIN' ? 'MASTER_MERCHANT' : COMPANY_TYPES[(COMPANY_TYPES.indexOf(type) + 1) % COMPANY_TYPES.length]!;
      const user = await makeUser(w, [membershipOf(w, plainType, false, true), membershipOf(w, type, true)]);
      const c = await w.s.signIn(user.email);
      const before = await pool(
        guarded.map(([name, route]) => async () => {
          // Sign-out ends the session it is sent on: a session of its own.
          const a = await sendRoute(name === 'logout' ? await freshClient(w.s, user.email) : c, route, probeOf(route));
          return { name, a };
        }),
        6,
      );
      for (const { name, a } of before) {
        checks++;
        const open = ROUTE_TABLE[name]!.beforeMfa === true;
        if (a.violation) leaks.push(`${type} before enrolment, ${name}: ${a.violation}`);
        else if (open && (isMfa403(a) || a.status === 401)) leaks.push(`${type} before enrolment, ${name} is open but got ${a.status} ${String(a.error?.ErrorCode)}`);
        else if (!open && !isMfa403(a)) leaks.push(`${type} before enrolment, ${name} answered ${a.status} ${String(a.error?.ErrorCode ?? '')}`);
      }
      expect((await c.call('profile')).Current.MembershipId).toBe(user.membershipIds[0]);

      await enrol(c, w.s.now);
      const profile = await c.call('profile');
      expect(profile.MfaSetupRequired).toBe(false);
      const permissions = new Set(profile.Permissions);
      const after = await pool(
        guarded
          .filter(([name]) => name !== 'logout')
          .map(([name, route]) => async () => ({ name, a: await sendRoute(c, route, probeOf(route)) })),
        6,
      );
      for (const { name, a } of after) {
        checks++;
        const permission = ROUTE_TABLE[name]!.permission;
        const allowed = permission === null || permissions.has(permission);
        const refused = a.status === 403 && a.error?.ErrorCode === ERROR_CODES.FORBIDDEN;
        if (a.violation) leaks.push(`${type} after enrolment, ${name}: ${a.violation}`);
        else if (isMfa403(a) || a.status === 401) leaks.push(`${type} after enrolment, ${name}: ${a.status} ${String(a.error?.ErrorCode)}`);
        else if (allowed === refused) leaks.push(`${type} after enrolment, ${name}: ${allowed ? 'holds' : 'lacks'} ${permission ?? 'a session'} but got ${a.status} ${String(a.error?.ErrorCode ?? '')}`);
      }
      // The session is the one that enrolled, still on its plain default; sign-out last.
      expect((await c.call('profile')).Current.MembershipId).toBe(user.membershipIds[0]);
      expect(await outcomeOf(c.call('logout'))).toBe('OK');
      checks++;
    }
    console.log(`two-factor route sweep on ${kind}: ${checks} checks over ${guarded.length} guarded routes × ${GROUP_TYPES.length} users; ${leaks.length} leaks`);
    expect(leaks).toEqual([]);
  }, 900_000);
});
