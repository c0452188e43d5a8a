/** Manifest (platform/module-manifest.ts): the organization selection routes. */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { organizationRoutes } from './routes.ts';

export const manifest: ModuleManifest = {
  name: 'organizations',
  routes: organizationRoutes,
};
