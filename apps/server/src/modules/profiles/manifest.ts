/** Manifest (platform/module-manifest.ts): the merchant profile routes. */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { profileRoutes } from './routes.ts';

export const manifest: ModuleManifest = {
  name: 'profiles',
  routes: profileRoutes,
};
