import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/route.ts';
import { changeUserGroupHandler } from './change-user-group.ts';
import { getProfileHandler } from './get-profile.ts';
import { loginHandler } from './login.ts';
import { logoutHandler } from './logout.ts';

export function authRoutes(app: FastifyInstance): void {
  registerRoute(app, 'login', loginHandler(app), { rateLimit: { max: app.ctx.config.loginRateLimitPerMinute, timeWindow: 60_000 } });
  registerRoute(app, 'changeUserGroup', changeUserGroupHandler(app));
  registerRoute(app, 'logout', logoutHandler(app));
  registerRoute(app, 'profile', getProfileHandler(app));
}
