/** Manifest (platform/module-manifest.ts): the country service's routes (states, cities). */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { countryRoutes } from './routes.ts';

export const manifest: ModuleManifest = {
  name: 'country',
  routes: countryRoutes,
};
