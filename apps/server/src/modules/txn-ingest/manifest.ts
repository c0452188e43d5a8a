/** Manifest (platform/module-manifest.ts): the ingest API of the payment gateway and the terminal host (issue 31 item 1), and its message id sweep. */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { txnIngestRoutes } from './routes.ts';
import { installIngestMessageSweep } from './sweep.ts';

export const manifest: ModuleManifest = {
  name: 'txn-ingest',
  routes: txnIngestRoutes,
  jobs: installIngestMessageSweep,
};
