import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/route.ts';
import { changeUserGroupHandler } from './change-user-group.ts';
import { getProfileHandler } from './get-profile.ts';
import { loginHandler } from './login.ts';
import { logoutHandler } from './logout.ts';

export function authRoutes(app: FastifyInstance): void {
  // Sign-in's rate limits (per address and per account) and lockout are enforced in the handler,
  // in the database, so every server shares them (issue 8); not by the in-memory plugin.
  registerRoute(app, 'login', loginHandler(app));
  registerRoute(app, 'changeUserGroup', changeUserGroupHandler(app));
  registerRoute(app, 'logout', logoutHandler(app));
  registerRoute(app, 'profile', getProfileHandler(app));
}
