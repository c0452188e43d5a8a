/** Manifest (platform/module-manifest.ts): the payout routes and the daily payout build. */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { payoutRoutes } from './routes.ts';
import { installPayoutJobs } from './jobs.ts';

export const manifest: ModuleManifest = {
  name: 'payout',
  routes: payoutRoutes,
  jobs: installPayoutJobs,
};
