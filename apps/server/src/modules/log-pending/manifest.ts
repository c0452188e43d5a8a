/** Manifest (platform/module-manifest.ts): the pending-transaction logs' schedule; no routes (the log screens read the store). */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { installLogPendingJobs } from './jobs.ts';

export const manifest: ModuleManifest = {
  name: 'log-pending',
  jobs: installLogPendingJobs,
};
