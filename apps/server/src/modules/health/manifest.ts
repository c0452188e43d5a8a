/**
 * The health probes (/healthz, /readyz). Declared for discovery like every module, with no routes
 * here: /readyz needs the draining flag of platform/draining.ts, so app.ts registers these routes
 * itself, first, with that flag (healthRoutes(app, installDraining(app))).
 */
import type { ModuleManifest } from '../../platform/module-manifest.ts';

export const manifest: ModuleManifest = {
  name: 'health',
};
