/**
 * /system-setting beside the resource engine: a successful SystemSetting Update forgets this
 * server's cached settings before the answer leaves (onSend), so the change applies to the very
 * next request (platform/settings.ts; other servers follow within SETTINGS_MAX_AGE_MS).
 */
import type { FastifyInstance } from 'fastify';
import { invalidateSettings } from '../../platform/settings.ts';

const WRITES = new Set(['PUT /api/portal/SystemSetting/Update']);

export function systemSettingRoutes(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode < 300 && WRITES.has(`${req.method} ${req.routeOptions.url}`)) invalidateSettings(app.ctx);
    return payload;
  });
}
