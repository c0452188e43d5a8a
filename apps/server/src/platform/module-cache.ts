/**
 * Short-lived caches kept current by the writes this server answers. A value is
 * read at most every `ttlMs` (wall clock) and forgotten at once when this server answers a
 * successful write (non-GET, 2xx) on a route whose permission module is watched — before that
 * answer is sent, so the writer's next request already sees the change. Other servers see it
 * when their own copy expires, within `ttlMs`.
 */
import type { FastifyInstance } from 'fastify';
import { routeConfig } from './route.ts';

/** Per app: permission module → what to forget after a successful write to it. */
const forgetters = new WeakMap<FastifyInstance, Map<string, (() => void)[]>>();

/**
 * Calls `forget` before the answer of every successful write to a route whose permission
 * (`module:action`) names one of `modules`. One onSend hook per app serves every caller, so a
 * request pays one hook however many caches watch.
 */
export function onModuleWrite(app: FastifyInstance, modules: Iterable<string>, forget: () => void): void {
  let watched = forgetters.get(app);
  if (!watched) {
    const byModule = new Map<string, (() => void)[]>();
    watched = byModule;
    forgetters.set(app, byModule);
    // A callback hook: it never waits, so no promise per request.
    app.addHook('onSend', (req, reply, payload, done) => {
      if (req.method !== 'GET' && reply.statusCode >= 200 && reply.statusCode < 300) {
        const permission = routeConfig(req)?.permission;
        if (permission) {
          const colon = permission.indexOf(':');
          for (const f of byModule.get(colon < 0 ? permission : permission.slice(0, colon)) ?? []) f();
        }
      }
      done(null, payload);
    });
  }
  for (const m of modules) watched.set(m, [...(watched.get(m) ?? []), forget]);
}

export interface ModuleCache<T> {
  /** The cached value, read again when older than ttlMs or forgotten; a failed read rejects and is not kept. */
  get(): Promise<T>;
  /** Drops the value: the next `get` reads it again. */
  forget(): void;
}

/**
 * A value loaded by `load`, reused for up to `ttlMs` and forgotten on every successful write to
 * one of `modules` (see onModuleWrite). Concurrent reads share one load.
 */
export function moduleCache<T>(app: FastifyInstance, opts: { modules: string[]; ttlMs: number; load: () => Promise<T> }): ModuleCache<T> {
  let value: { v: T; readAt: number } | undefined;
  let pending: Promise<T> | undefined;
  /** Bumped by forget: a load that started before it is answered but not kept. */
  let generation = 0;
  const cache: ModuleCache<T> = {
    get() {
      if (value && Date.now() - value.readAt < opts.ttlMs) return Promise.resolve(value.v);
      if (!pending) {
        const started = generation;
        const readAt = Date.now();
        const p = opts
          .load()
          .then((v) => {
            if (started === generation) value = { v, readAt };
            return v;
          })
          .finally(() => {
            if (pending === p) pending = undefined;
          });
        pending = p;
      }
      return pending;
    },
    forget() {
      value = undefined;
      pending = undefined;
      generation++;
    },
  };
  onModuleWrite(app, opts.modules, cache.forget);
  return cache;
}
