/**
 * Sign-in, group switch, sign-out and the profile. Login, ChangeUserUserGroup and Logout write
 * their own audit rows (a failed sign-in, a lockout, a refused switch are recorded too, outside any
 * transaction of the work), so their routes declare no `audit`.
 */
import type { FastifyInstance } from 'fastify';
import { operation } from '../../platform/operation.ts';
import { changeUserGroup } from './change-user-group.ts';
import { getProfile } from './get-profile.ts';
import { prepareSignIn, signIn } from './login.ts';
import { signOut } from './logout.ts';

export function authRoutes(app: FastifyInstance): void {
  // Sign-in's rate limits (per address and per account) and lockout are enforced in signIn, in the
  // database, so every server shares them; not by the in-memory plugin.
  prepareSignIn();
  operation(app, 'login', async (input, ctx) => signIn(app, input, ctx));
  operation(app, 'changeUserGroup', async (input, ctx) => changeUserGroup(app, input, ctx));
  operation(app, 'logout', async (_input, ctx) => signOut(app, ctx));
  operation(app, 'profile', async (_input, { scope }) => getProfile(app, scope));
}
