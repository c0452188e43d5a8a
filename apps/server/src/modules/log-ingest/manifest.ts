/** Manifest (platform/module-manifest.ts): the OTLP/HTTP logs endpoint, the terminal log files (and their hourly sweep) and the log ingest keys (issue 30 items 3 and 4). */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { installLogFileSweep } from './log-file-sweep.ts';
import { logIngestRoutes } from './routes.ts';

export const manifest: ModuleManifest = {
  name: 'log-ingest',
  routes: logIngestRoutes,
  jobs: installLogFileSweep,
};
