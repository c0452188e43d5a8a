/** Manifest (platform/module-manifest.ts): the lookup routes (selection lists). */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { lookupRoutes } from './routes.ts';

export const manifest: ModuleManifest = {
  name: 'lookups',
  routes: lookupRoutes,
};
