/** Manifest (platform/module-manifest.ts): the bulk MDR update routes (check and apply a file). */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { bulkUpdateMdrRoutes } from './routes.ts';

export const manifest: ModuleManifest = {
  name: 'bulk-update-mdr',
  routes: bulkUpdateMdrRoutes,
};
