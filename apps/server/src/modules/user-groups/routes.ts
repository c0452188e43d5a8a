/** /user-group beside the resource engine: the permission editor and the group rules that need the stored record. */
import type { FastifyInstance } from 'fastify';
import { operation } from '../../platform/operation.ts';
import { installGroupGuards } from './guards.ts';
import { getPermissions, setPermissions } from './permissions.ts';

export function userGroupRoutes(app: FastifyInstance): void {
  operation(app, 'userGroupPermissions', async ({ Id }, { q }) => getPermissions(q, Id));
  operation(app, 'setUserGroupPermissions', async (input, { q, scope, audit, now }) => setPermissions(q, scope, input, audit, now()));
  installGroupGuards(app);
}
