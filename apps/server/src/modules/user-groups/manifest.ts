/** Manifest (platform/module-manifest.ts): the user group routes and the guards on the engine's group resources. */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { userGroupRoutes } from './routes.ts';

export const manifest: ModuleManifest = {
  name: 'user-groups',
  routes: userGroupRoutes,
};
