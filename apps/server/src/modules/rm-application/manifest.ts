/** Manifest (platform/module-manifest.ts): the RM application routes. */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { rmApplicationRoutes } from './routes.ts';

export const manifest: ModuleManifest = {
  name: 'rm-application',
  routes: rmApplicationRoutes,
};
