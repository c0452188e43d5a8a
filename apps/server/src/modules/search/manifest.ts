/** Manifest (platform/module-manifest.ts): the global search (⌘K). */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { searchRoutes } from './routes.ts';

export const manifest: ModuleManifest = {
  name: 'search',
  routes: searchRoutes,
};
