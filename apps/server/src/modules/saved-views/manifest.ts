/** Manifest (platform/module-manifest.ts): each user's saved views of the list screens. */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { savedViewRoutes } from './routes.ts';

export const manifest: ModuleManifest = {
  name: 'saved-views',
  routes: savedViewRoutes,
};
