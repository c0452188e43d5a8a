/** Manifest (platform/module-manifest.ts): the system setting routes. */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { systemSettingRoutes } from './routes.ts';

export const manifest: ModuleManifest = {
  name: 'system-settings',
  routes: systemSettingRoutes,
};
