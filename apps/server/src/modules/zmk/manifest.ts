/** Manifest (platform/module-manifest.ts): the ZMK key ceremony routes. */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { zmkRoutes } from './routes.ts';

export const manifest: ModuleManifest = {
  name: 'zmk',
  routes: zmkRoutes,
};
