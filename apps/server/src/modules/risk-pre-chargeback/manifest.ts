/** Manifest (platform/module-manifest.ts): the refund desk's routes, the refund expiry and the acknowledgements' queue. */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { riskPreChargebackRoutes } from './routes.ts';
import { installRefundJobs } from './jobs.ts';

export const manifest: ModuleManifest = {
  name: 'risk-pre-chargeback',
  routes: riskPreChargebackRoutes,
  jobs: installRefundJobs,
};
