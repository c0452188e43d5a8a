/**
 * The request id of the work in progress (issue 30 item 1), carried by AsyncLocalStorage: set for
 * each HTTP request from its `req.id` (app.ts), for each job attempt from the id its job was sent
 * with (platform/jobs.ts), so whatever runs inside — a job sent, a provider called, an entry
 * logged — names the request that caused it, without passing it through every signature.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  /** The originating request's id (UUID, or the trusted incoming X-Request-Id). */
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with `ctx` as the current request context (and answers what `fn` answers). */
export function runWithRequestContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

/** The current request id, or null outside any request or job. */
export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}
