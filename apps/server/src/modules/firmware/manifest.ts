/** Manifest (platform/module-manifest.ts): the firmware routes and the rollout queue. */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { firmwareRoutes } from './routes.ts';
import { installFirmwareJobs } from './rollout-jobs.ts';

export const manifest: ModuleManifest = {
  name: 'firmware',
  routes: firmwareRoutes,
  jobs: installFirmwareJobs,
};
