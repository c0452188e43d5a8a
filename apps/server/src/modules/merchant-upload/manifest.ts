/** Manifest (platform/module-manifest.ts): the merchant upload routes and its import queue. */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { merchantUploadRoutes } from './routes.ts';
import { installMerchantUploadJobs } from './run.ts';

export const manifest: ModuleManifest = {
  name: 'merchant-upload',
  routes: merchantUploadRoutes,
  jobs: installMerchantUploadJobs,
};
