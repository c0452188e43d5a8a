/** Manifest (platform/module-manifest.ts): the risk engine's routes and its hourly inactivity check. */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { riskRoutes } from './routes.ts';
import { installRiskJobs } from './jobs.ts';

export const manifest: ModuleManifest = {
  name: 'risk',
  routes: riskRoutes,
  jobs: installRiskJobs,
};
