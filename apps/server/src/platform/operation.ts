/**
 * One operation: a route's declaration in the contract (method, path, input and output schemas,
 * `module:action` permission, tenancy `idOf`, `audit`, `idempotent`) and one function
 * `fn(input, ctx)` that gets the parsed input and answers the typed output. The platform does the
 * rest, in this order: secure channel and session (secure-channel.ts, auth-guard.ts), the
 * permission, zod on the way in (400 VAL400 naming the field) and on the way out (the answer is
 * serialized through the response schema), then
 *  - `idempotent`: the Idempotency-Key claimed in the transaction of the work (idempotency.ts);
 *  - `audit` or `idempotent`: `fn` runs in ONE database transaction (`ctx.q`), and exactly one
 *    `audit_log` row is written in it: the declared action and target kind, the actor, the
 *    membership acted in, the target id (`ctx.audit({targetId})`, else the input's `Id`),
 *    before/after or detail from `ctx.audit`, and the request id. A replayed Idempotency-Key
 *    runs nothing and writes nothing;
 *  - otherwise `ctx.q` is the database's query (a read).
 * The generated suites read the same declarations: route-suites/, and the audit checks of
 * test/unit/audit-declarations.test.ts (every write declares its row) and
 * test/integration/audit-trail.ts (every successful call leaves exactly that row).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { routes, type RouteDef, type RouteName, type Routes } from '@paydesk/contract';
import type { Query } from '../db/client.ts';
import { writeAudit } from './audit.ts';
import { runIdempotent } from './idempotency.ts';
import { registerRoute, type RouteRequest } from './route.ts';
import type { Scope } from './scope.ts';
import { freshSettings, liveSettings, type LiveSettings } from './settings.ts';
import { invalidSession } from './errors.ts';

type Parsed<D, K extends 'body' | 'params'> = D extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : unknown;

/** What `fn` gets: the parsed body, or the parsed path parameters, or both merged (body wins). */
export type InputOf<D extends RouteDef> = D extends { body: z.ZodType }
  ? D extends { params: z.ZodType }
    ? Parsed<D, 'params'> & Parsed<D, 'body'>
    : Parsed<D, 'body'>
  : D extends { params: z.ZodType }
    ? Parsed<D, 'params'>
    : undefined;

/** What `fn` answers: the response schema's input (serialized through it), or the reply of a file. */
export type AnswerOf<D extends RouteDef> = D extends { response: infer R extends z.ZodType } ? z.input<R> : FastifyReply;

/** What an audited operation says about its target; every field optional. */
export interface AuditNote {
  /** The record's id; defaults to the input's `Id`. */
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
  /** Never a secret, key material or a full PAN. */
  detail?: unknown;
}

/** The context of one call. */
export interface OperationContext<D extends RouteDef> {
  /** The caller; null only on routes without a session (`auth: false`). */
  scope: D extends { auth: true } ? Scope : Scope | null;
  /** The transaction of an audited or idempotent operation; the database's query otherwise. */
  q: Query;
  /** This request's id (log lines' `reqId`, the audit row's `request_id`). */
  requestId: string;
  /** The server clock (UTC); tests fix it. */
  now: () => Date;
  /**
   * The live system settings, read before the transaction opens: read inside it, a stale cache
   * would query the database beside the open transaction, which on PGlite (one connection) waits
   * for it forever.
   */
  settings: LiveSettings;
  /** Sets what the audit row says about the target (audited operations; last call wins). */
  audit: (note: AuditNote) => void;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type OperationFn<D extends RouteDef> = (input: InputOf<D>, ctx: OperationContext<D>) => Promise<AnswerOf<D>>;

/** The input of a request: the body, the params, or both merged. */
function inputOf(def: RouteDef, req: FastifyRequest): unknown {
  if (def.body && def.params) return Object.assign({}, req.params, req.body);
  return def.body ? req.body : def.params ? req.params : undefined;
}

/** The `audit` of a context whose operation writes no audit row. */
const noAudit = (): void => undefined;

/**
 * Registers the hand-declared route `name` (contract routes.ts) with `fn` as described above.
 * Throws at start-up when the declaration is inconsistent (an idempotent route without a session).
 *
 * A read runs without a promise of its own when the settings are cached (every request but one
 * in SETTINGS_MAX_AGE_MS): it is the hot path of bench/api.bench.ts.
 */
export function operation<N extends RouteName>(app: FastifyInstance, name: N, fn: OperationFn<Routes[N]>): void {
  type D = Routes[N];
  const def: RouteDef = routes[name];
  const { database, now } = app.ctx;
  if (def.idempotent && !def.auth) throw new Error(`${name}: an idempotent operation needs a session (keys are per user)`);
  const transactional = def.audit !== undefined || def.idempotent === true;
  const contextOf = (req: FastifyRequest, reply: FastifyReply, settings: LiveSettings, q: Query, audit: (note: AuditNote) => void): OperationContext<D> => ({
    scope: (req.scope ?? null) as OperationContext<D>['scope'],
    q,
    requestId: String(req.id),
    now,
    settings,
    audit,
    req,
    reply,
  });

  const read = (req: RouteRequest<D>, reply: FastifyReply): Promise<AnswerOf<D>> => {
    const input = inputOf(def, req) as InputOf<D>;
    const settings = freshSettings(app.ctx);
    if (settings) return fn(input, contextOf(req, reply, settings, database.query, noAudit));
    return liveSettings(app.ctx).then((s) => fn(input, contextOf(req, reply, s, database.query, noAudit)));
  };

  const write = async (req: RouteRequest<D>, reply: FastifyReply): Promise<AnswerOf<D>> => {
    const input = inputOf(def, req) as InputOf<D>;
    const settings = await liveSettings(app.ctx);
    const scope = req.scope;
    if (def.auth && !scope) throw invalidSession();
    let note: AuditNote = {};
    const work = async (q: Query) => {
      const answer = await fn(input, contextOf(req, reply, settings, q, (n) => void (note = n)));
      if (def.audit) {
        const id = note.targetId ?? (input as { Id?: unknown } | undefined)?.Id;
        await writeAudit(q, req, {
          action: def.audit.action, result: 'SUCCESS', actorUserId: scope?.userId ?? null, actorEmail: scope?.email ?? null, targetType: def.audit.target,
          ...(id === undefined || id === null ? {} : { targetId: String(id) }), before: note.before, after: note.after, detail: note.detail,
        });
      }
      return answer;
    };
    if (def.idempotent) return runIdempotent(database, req, reply, scope!.userId, name, req.body, now(), async (q) => ({ answer: await work(q) }));
    return database.transaction(work);
  };

  registerRoute(app, name, (transactional ? write : read) as never);
}
