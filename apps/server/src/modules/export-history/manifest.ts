/** Manifest (platform/module-manifest.ts): each user's own export history (issue 29 item 8). */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { exportHistoryRoutes } from './routes.ts';

export const manifest: ModuleManifest = {
  name: 'export-history',
  routes: exportHistoryRoutes,
};
