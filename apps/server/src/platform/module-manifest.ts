/**
 * A module manifest: what one business module (a folder under src/modules/) brings to the app —
 * its routes and its background work — declared in the module's own `manifest.ts` as
 * `export const manifest: ModuleManifest`. The manifest only points at the module's existing
 * `…Routes` and `install…Jobs` functions; it holds no logic of its own.
 *
 * Why: app.ts discovers the manifests (modules/index.ts reads the folder) instead of listing every
 * module, so a new module is a new folder with a manifest and touches no shared file (app.ts,
 * a registry, the lint zones — those read the folder too).
 *
 * Order guarantees (app.ts `buildApp`):
 *  - every `routes` runs after the platform plugins and hooks (errors, security headers, cookies,
 *    multipart, OpenAPI, secure channel, auth guard, input guard), after the platform's own routes
 *    (health, reports, the resource engine's routes), and before the web pages' catch-all;
 *    between modules, in folder-name order. Route order carries no meaning (Fastify's router
 *    matches by specificity, and refuses a duplicate route at start), so a module must not
 *    rely on another module's routes being there first;
 *  - every `jobs` runs once the job queue has started, after the platform's own queues (mail,
 *    idempotency purge), in folder-name order; the queue is stopped when the app closes. An
 *    installer defines its queues before working or sending to them and needs no other module's.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import type { JobQueue } from './jobs.ts';

export interface ModuleManifest {
  /** The module's folder name under src/modules/ (modules/index.ts checks they match). */
  name: string;
  /** Registers the module's routes (synchronously, as every `…Routes` function does). */
  routes?(app: FastifyInstance): void;
  /** Defines the module's queues, starts their workers on this server and sets their schedules. */
  jobs?(jobs: JobQueue, ctx: AppContext): Promise<void>;
}
