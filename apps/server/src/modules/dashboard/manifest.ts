/** Manifest (platform/module-manifest.ts): the dashboard's routes. */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { dashboardRoutes } from './routes.ts';

export const manifest: ModuleManifest = {
  name: 'dashboard',
  routes: dashboardRoutes,
};
