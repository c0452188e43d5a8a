/**
 * Rules of the group resources that need the stored record, checked before the engine's handler
 * runs (a preHandler: after the auth guard and body validation). The engine's version check makes
 * them safe against a concurrent change: a request that passed here on a record someone changed
 * since fails with CF409.
 *
 * UserGroup (the default groups are the ones ensureReferenceData keeps, one per type):
 *  - Update: a default group keeps its type; a group with members keeps its type (their
 *    memberships' companies are of that level);
 *  - SetStatus: a default group, or the group the caller is signed in with, cannot be deactivated
 *    (that would end every member's session — all platform administrators for Super Admin);
 *  - Delete: a default group cannot be deleted (members are refused by the engine's dependents).
 * MobileGlobal: a permission key still held by a mobile user group cannot be renamed or deleted.
 *
 * These routes are the engine's, typed only as JSON here: each guard reads the fields it needs
 * through a small schema of its own. The engine has validated the request already, so these parse;
 * if they ever did not, the ZodError fails the request rather than skipping the rule.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES } from '@paydesk/domain';
import { scopeOf } from '../../platform/scope.ts';
import { AppError, badInput } from '../../platform/errors.ts';
import { routeConfig } from '../../platform/route.ts';

type Guard = (req: FastifyRequest) => Promise<void>;

const ById = z.object({ Id: z.coerce.number() });
const TypeChange = ById.extend({ GroupType: z.string().optional() });
const StatusChange = ById.extend({ IsActive: z.coerce.number() });
const KeyChange = ById.extend({ PermissionKey: z.string().optional() });

const conflict = (message: string) => new AppError(409, ERROR_CODES.CONFLICT, message);

export function installGroupGuards(app: FastifyInstance): void {
  const q = app.ctx.database.query;

  const userGroup = async (id: number) => {
    const [g] = await q<{ name: string; group_type: string; is_default: boolean; members: number }>(
      'SELECT name, group_type, is_default, (SELECT count(*)::int FROM memberships m WHERE m.group_id = g.id) AS members FROM user_groups g WHERE g.id = $1',
      [id],
    );
    return g;
  };

  const guards: Record<string, Guard> = {
    'PUT /api/portal/UserGroup/Update': async (req) => {
      const body = TypeChange.parse(req.body);
      if (body.GroupType === undefined) return;
      const g = await userGroup(body.Id);
      if (!g || g.group_type === body.GroupType) return;
      if (g.is_default) throw badInput('GroupType', `${g.name} is the default ${g.group_type} group; its type cannot change`);
      if (Number(g.members) > 0) throw badInput('GroupType', `cannot change while the group has ${g.members} member(s)`);
    },
    'PUT /api/portal/UserGroup/SetStatus': async (req) => {
      const body = StatusChange.parse(req.body);
      if (body.IsActive !== 0) return;
      const g = await userGroup(body.Id);
      if (!g) return;
      if (g.is_default) throw badInput('IsActive', `${g.name} is the default ${g.group_type} group and cannot be deactivated`);
      const [own] = await q<{ group_id: number }>('SELECT group_id FROM memberships WHERE id = $1', [scopeOf(req).membershipId]);
      if (own && Number(own.group_id) === Number(body.Id)) throw badInput('IsActive', 'you cannot deactivate the group you are signed in with');
    },
    'DELETE /api/portal/UserGroup/Delete/:Id': async (req) => {
      const g = await userGroup(ById.parse(req.params).Id);
      if (g?.is_default) throw conflict(`Cannot delete ${g.name}: it is the default ${g.group_type} group`);
    },
    'PUT /api/portal/MobileGlobal/Update': async (req) => {
      const body = KeyChange.parse(req.body);
      if (body.PermissionKey === undefined) return;
      const [row] = await q<{ permission_key: string }>('SELECT permission_key FROM mobile_global_permissions WHERE id = $1', [body.Id]);
      if (!row || row.permission_key === body.PermissionKey) return;
      const n = await holders(row.permission_key);
      if (n > 0) throw conflict(`PermissionKey: ${row.permission_key} is held by ${n} mobile user group(s) and cannot be renamed`);
    },
    'DELETE /api/portal/MobileGlobal/Delete/:Id': async (req) => {
      const [row] = await q<{ permission_key: string }>('SELECT permission_key FROM mobile_global_permissions WHERE id = $1', [ById.parse(req.params).Id]);
      if (!row) return;
      const n = await holders(row.permission_key);
      if (n > 0) throw conflict(`Cannot delete ${row.permission_key}: ${n} mobile user group(s) still hold it`);
    },
  };

  async function holders(key: string): Promise<number> {
    const [r] = await q<{ n: number }>('SELECT count(*)::int AS n FROM mobile_user_groups WHERE $1 = ANY(permissions)', [key]);
    return Number(r?.n ?? 0);
  }

  // Most routes have no guard: they pass without a promise.
  app.addHook('preHandler', (req, _reply, done) => {
    const guard = guards[`${req.method} ${routeConfig(req).url}`];
    if (!guard) return done();
    guard(req).then(() => done(), done);
  });
}
