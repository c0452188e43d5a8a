/** Manifest (platform/module-manifest.ts): the home lookups (currencies, server time, runtime configuration, IP echo). */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { homeRoutes } from './routes.ts';

export const manifest: ModuleManifest = {
  name: 'home',
  routes: homeRoutes,
};
