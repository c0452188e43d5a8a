/** /user-group beside the resource engine: the permission editor and the group rules that need the stored record. */
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/route.ts';
import { installGroupGuards } from './guards.ts';
import { getPermissionsHandler, setPermissionsHandler } from './permissions.ts';

export function userGroupRoutes(app: FastifyInstance): void {
  registerRoute(app, 'userGroupPermissions', getPermissionsHandler(app));
  registerRoute(app, 'setUserGroupPermissions', setPermissionsHandler(app));
  installGroupGuards(app);
}
