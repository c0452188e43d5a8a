/**
 * The generated authorization matrix: EVERY route of the route table × the six
 * group types (and no session at all). A route with a permission is let through exactly when the
 * caller's group holds that `module:action` (PERM403 otherwise); a route open to any signed-in user
 * lets all six through; a route that needs a session refuses a caller without one (SC499). The
 * probe is harmless: an id that does not exist and an empty body, so a permitted call ends in
 * NF404 or VAL400 — which is past the permission check, the point being proven.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@paydesk/domain';
import { DATABASES } from '../harness.ts';
import { freshClient, GROUP_TYPES, pool, SESSION_ROUTES, sendRoute, startSuite, type RouteInput, type Suite } from './fixture.ts';
import type { RouteDef } from '@paydesk/contract';

/** The harmless probe of a route: an absent id, an empty body (an empty form for uploads). */
function probeOf(route: RouteDef): RouteInput {
  const body = route.upload ? new FormData() : route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
  return { params: { Id: '2147483647', ServiceType: '0' }, body };
}

describe.each(DATABASES)('generated authorization matrix on %s', (kind) => {
  let suite: Suite;
  beforeAll(async () => {
    suite = await startSuite(kind, 200);
  });
  afterAll(async () => suite?.close());

  it('lets a group through a route exactly when it holds the route permission, for every route × six group types', async () => {
    const { s, users, routes } = suite;
    const leaks: string[] = [];
    const tasks: (() => Promise<void>)[] = [];
    let checks = 0;
    for (const [name, route] of routes) {
      if (!route.auth) continue;
      for (const g of GROUP_TYPES) {
        const user = users[g];
        const allowed = route.permission === null || user.permissions.has(route.permission);
        checks++;
        tasks.push(async () => {
          const client = SESSION_ROUTES.has(name) ? await freshClient(s, user.email) : user.client;
          const a = await sendRoute(client, route, probeOf(route));
          const refused = a.status === 403 && a.error?.ErrorCode === ERROR_CODES.FORBIDDEN;
          if (a.violation) leaks.push(`${name} as ${g}: ${a.violation}`);
          else if (allowed && (refused || a.status === 401)) leaks.push(`${name} as ${g}: holds ${route.permission ?? 'a session'} but got ${a.status} ${String(a.error?.ErrorCode)}`);
          else if (!allowed && !refused) leaks.push(`${name} as ${g}: lacks ${route.permission} but got ${a.status} ${String(a.error?.ErrorCode ?? '')}`);
        });
      }
      // No session at all.
      checks++;
      tasks.push(async () => {
        const a = await sendRoute(s.client(), route, probeOf(route));
        if (a.status !== 401 || ![ERROR_CODES.INVALID_SESSION, ERROR_CODES.UNKNOWN_CHANNEL, ERROR_CODES.BAD_SIGNATURE].includes(a.error?.ErrorCode as never)) leaks.push(`${name} without a session: ${a.status} ${String(a.error?.ErrorCode ?? '')}`);
      });
    }
    await pool(tasks, 6);
    const guarded = routes.filter(([, r]) => r.auth).length;
    console.log(`authorization matrix on ${kind}: ${checks} checks over ${guarded} guarded routes × ${GROUP_TYPES.length} group types + no session; ${leaks.length} leaks`);
    expect(leaks).toEqual([]);
    // The matrix really discriminates: some routes refuse some group types, and every group passes some route.
    expect(routes.some(([, r]) => r.permission && !users.MERCHANT_BRANCH.permissions.has(r.permission))).toBe(true);
  }, 600_000);

  it('never opens a route without a session except the public ones of the table', () => {
    const open = suite.routes.filter(([, r]) => !r.auth).map(([n]) => n).sort();
    // tokenCheck and tokenSetPassword: the e-mailed single-use links, opened before any session;
    // forgotPassword: asking for such a link (the same answer for every e-mail); otlpLogs: the OTLP
    // logs endpoint of programs outside the portal, guarded by an ingest key instead (otlp-ingest.test.ts);
    // logFileUpload: the terminals' log file upload beside it, guarded by the log file source's key (log-files.test.ts);
    // txnIngest and txnIngestEvents: the ingest API of the payment gateway and the terminal host, each
    // request signed with a credential of the source (Standard Webhooks; txn-ingest.test.ts).
    expect(open).toEqual(
      ['config', 'countryStates', 'forgotPassword', 'handshake', 'healthz', 'ipEcho', 'login', 'logFileUpload', 'otlpLogs', 'readyz', 'stateCities', 'tokenCheck', 'tokenSetPassword', 'txnIngest', 'txnIngestEvents'].sort(),
    );
  });
});
