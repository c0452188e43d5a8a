/** Manifest (platform/module-manifest.ts): the user management routes. */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { userRoutes } from './routes.ts';

export const manifest: ModuleManifest = {
  name: 'users',
  routes: userRoutes,
};
