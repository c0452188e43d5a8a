/**
 * /system-setting beside the resource engine: a successful SystemSetting write forgets this
 * server's cached settings before the answer leaves (the shared onModuleWrite hook), so the change
 * applies to the very next request (platform/settings.ts; other servers follow within
 * SETTINGS_MAX_AGE_MS).
 */
import type { FastifyInstance } from 'fastify';
import { onModuleWrite } from '../../platform/module-cache.ts';
import { invalidateSettings } from '../../platform/settings.ts';

export function systemSettingRoutes(app: FastifyInstance): void {
  onModuleWrite(app, ['systemsetting'], () => invalidateSettings(app.ctx));
}
