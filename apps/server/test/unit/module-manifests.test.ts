/**
 * The module manifests (platform/module-manifest.ts, modules/index.ts), without a database:
 *  - every folder under src/modules has a manifest.ts whose `name` is the folder's, and discovery
 *    answers them all in folder-name order;
 *  - the manifests' routes and the platform's (health, reports, the resource engine: app.ts
 *    registers those itself) together register every route of ROUTE_TABLE (but the secure
 *    channel's handshake, its plugin's) exactly once and no other, each module at least one of its
 *    own (but those adding only hooks) — on a bare Fastify with a stub context, since registering
 *    a route reads the context but calls nothing (the running app's /api/docs is checked against
 *    the table in integration/edge.test.ts);
 *  - the manifests' job installers work distinct queues, each installer at least one, against a
 *    recording queue.
 */
import { existsSync, readdirSync } from 'node:fs';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { RESOURCES, ROUTE_TABLE } from '@paydesk/contract';
import type { AppContext } from '../../src/platform/context.ts';
import type { JobQueue } from '../../src/platform/jobs.ts';
import type { ModuleManifest } from '../../src/platform/module-manifest.ts';
import { moduleManifests } from '../../src/modules/index.ts';
import { healthRoutes } from '../../src/modules/health/routes.ts';
import { reportRoutes } from '../../src/reports/routes.ts';
import { registerResource } from '../../src/engine/routes.ts';

const MODULES = new URL('../../src/modules/', import.meta.url);
const folders = readdirSync(MODULES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

/** Modules whose manifest declares nothing, each with the reason: app.ts wires them itself. */
const WIRED_BY_APP: Record<string, string> = { health: '/readyz needs the draining flag of platform/draining.ts' };

/** Modules whose `routes` add only hooks on other routes, each with what it does. */
const HOOKS_ONLY: Record<string, string> = { 'system-settings': "forgets the cached settings on a write to the engine's SystemSetting routes" };

/** Routes of the table that a platform plugin registers (it needs a database), each with the plugin. */
const PLUGIN_ROUTES: Record<string, string> = { handshake: 'platform/secure-channel.ts' };

/** Enough context to register routes and install queues: nothing here is called until a request or a job. */
const stubCtx = { database: { kind: 'pglite', query: async () => [], transaction: async () => undefined }, config: {}, keys: {}, now: () => new Date(0) } as unknown as AppContext;

describe('module manifests', () => {
  it('has a manifest.ts in every module folder, named as its folder, discovered in folder-name order', async () => {
    expect(folders.length).toBeGreaterThan(15);
    for (const f of folders) {
      expect(existsSync(new URL(`${f}/manifest.ts`, MODULES)), `modules/${f}/manifest.ts`).toBe(true);
      const { manifest } = (await import(new URL(`${f}/manifest.ts`, MODULES).href)) as { manifest: ModuleManifest };
      expect(manifest.name, `modules/${f}/manifest.ts`).toBe(f);
    }
    expect((await moduleManifests()).map((m) => m.name)).toEqual(folders);
  });

  it('declares routes or jobs in every manifest but the ones app.ts wires itself', async () => {
    const empty = (await moduleManifests()).filter((m) => !m.routes && !m.jobs).map((m) => m.name);
    expect(empty).toEqual(Object.keys(WIRED_BY_APP));
  });

  it('registers every route of the route table exactly once, and no other, through the manifests and the platform', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('ctx', stubCtx);
    const registered: string[] = [];
    app.addHook('onRoute', (r) => {
      for (const method of [r.method].flat()) if (method !== 'HEAD') registered.push(`${method} ${r.url}`);
    });
    healthRoutes(app, () => false);
    reportRoutes(app);
    for (const def of RESOURCES) registerResource(app, def);
    const silent: string[] = [];
    for (const m of await moduleManifests()) {
      const before = registered.length;
      m.routes?.(app);
      if (m.routes && registered.length === before) silent.push(m.name);
    }
    await app.ready();
    expect(silent, 'manifests whose routes register none').toEqual(Object.keys(HOOKS_ONLY));
    const expected = Object.entries(ROUTE_TABLE)
      .filter(([name]) => !PLUGIN_ROUTES[name])
      .map(([, r]) => `${r.method} ${r.path}`);
    expect(new Set(expected).size, 'the route table names each method and path once').toBe(expected.length);
    expect([...registered].sort()).toEqual([...expected].sort());
    await app.close();
  });

  it('installs distinct queues through the manifests, each installer at least one', async () => {
    const worked: string[] = [];
    const recording = {
      define: async () => undefined,
      work: async (name: string) => void worked.push(name),
      schedule: async () => undefined,
      // An installer may queue its first run at start (the pending-transaction log does).
      send: async () => 'job',
    } as unknown as JobQueue;
    const idle: string[] = [];
    for (const m of await moduleManifests()) {
      if (!m.jobs) continue;
      const before = worked.length;
      await m.jobs(recording, stubCtx);
      if (worked.length === before) idle.push(m.name);
    }
    expect(idle, 'manifests whose jobs work no queue').toEqual([]);
    expect(worked.length).toBeGreaterThanOrEqual(6);
    expect(new Set(worked).size).toBe(worked.length);
  });
});
