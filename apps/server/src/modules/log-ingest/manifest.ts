/** Manifest (platform/module-manifest.ts): the OTLP/HTTP logs endpoint and the log ingest keys (issue 30 item 4). */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { logIngestRoutes } from './routes.ts';

export const manifest: ModuleManifest = {
  name: 'log-ingest',
  routes: logIngestRoutes,
};
