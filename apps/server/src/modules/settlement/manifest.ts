/** Manifest (platform/module-manifest.ts): the settlement routes and the settlement import queue. */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { settlementRoutes } from './routes.ts';
import { installSettlementJobs } from './jobs.ts';

export const manifest: ModuleManifest = {
  name: 'settlement',
  routes: settlementRoutes,
  jobs: installSettlementJobs,
};
