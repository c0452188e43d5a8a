/** Manifest (platform/module-manifest.ts): the sign-in routes (login, logout, profile, group change, companies). */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { authRoutes } from './routes.ts';

export const manifest: ModuleManifest = {
  name: 'auth',
  routes: authRoutes,
};
