/**
 * Safe input at the edge, once for every route: after the secure channel has opened the
 * body and before the route's zod schema runs, every string of the body, path parameters and
 * query is checked, and the body's shape is bounded. Refusals are VAL400 naming the field:
 *  - NUL and other control characters (C0 except tab, LF, CR; DEL; C1) — PostgreSQL text cannot
 *    hold NUL, and no field of a back office legitimately carries the others;
 *  - unpaired UTF-16 surrogates (they cannot be encoded as UTF-8 and would be stored altered);
 *  - keys `__proto__`, `constructor`, `prototype` at any depth (prototype pollution);
 *  - nesting deeper than MAX_DEPTH (no schema of the contract is deeper), or than the route's own
 *    `maxInputDepth` where a standard wire format nests deeper (OTLP/JSON logs).
 * And every string is passed through the PAN guard (`maskPansInText` of @paydesk/domain): a card
 * number typed into a free-text field, a keyword or a path is masked to first 6 + last 4 before
 * zod, the handler, the database or a log line sees it. Fields that must keep their digits
 * exactly (passwords, tokens, codes, bank account numbers, sealed secrets) are exempt by name:
 * PAN_GUARD_EXEMPT_FIELDS, the one list.
 * Types, ranges and lengths stay the schemas' job (packages/contract); this guard covers what is
 * common to every text, so a new endpoint gets it the day it lands.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPanGuardExempt, maskPansInText } from '@paydesk/domain';
import { badInput } from './errors.ts';
import { routeConfig } from './route.ts';

/** Deepest nesting a request may have (objects and arrays). */
export const MAX_DEPTH = 8;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The deepest nesting of this route's body, for a route whose standard wire format nests
     * deeper than MAX_DEPTH (OTLP/JSON logs: modules/log-ingest); MAX_DEPTH when unset.
     */
    maxInputDepth?: number;
    /**
     * Keep the paths of the body's strings the PAN guard masked (maskedPathsOf), for a route
     * that refuses what held a card number rather than accepting it masked (the ingest API:
     * modules/txn-ingest refuses the row, naming the field).
     */
    reportMaskedPans?: boolean;
  }
}

const maskedPaths = new WeakMap<FastifyRequest, string[]>();

/** The body paths (`Transactions.3.MaskedPan`) whose strings held a card number, masked before anything read them; empty unless the route asks (reportMaskedPans). */
export function maskedPathsOf(req: FastifyRequest): readonly string[] {
  return maskedPaths.get(req) ?? [];
}

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Why a string is refused, or null when it is acceptable text. */
export function textProblem(s: string): string | null {
  if (CONTROL.test(s)) return 'contains a control character (such as NUL) that text cannot hold';
  if (LONE_SURROGATE.test(s)) return 'contains an invalid character (unpaired surrogate)';
  return null;
}

/**
 * Walks a parsed value: throws VAL400 naming the first offending field path (e.g.
 * `SearchData.Keyword`), and masks every card number in its strings in place (objects and arrays
 * are mutated; a string given as `value` itself comes back masked). A string keeps its digits when
 * the nearest field name holding it (an array's items: the array's name) is exempt
 * (`isPanGuardExempt`). Answers `value` (the same object, or the masked string). Iterative, so a
 * hostile depth cannot exhaust the stack.
 */
export function assertSafeInput(value: unknown, root: string, maxDepth = MAX_DEPTH, onMasked?: (path: string) => void): unknown {
  // Most requests carry no query, no params or an empty body: nothing to walk, nothing allocated.
  if (value === undefined || value === null || isEmptyObject(value)) return value;
  const holder: Record<string, unknown> = { [root]: value };
  const stack: { parent: Record<string, unknown> | unknown[]; key: string | number; field: string; path: string; depth: number }[] = [
    { parent: holder, key: root, field: root, path: '', depth: 0 },
  ];
  while (stack.length) {
    const { parent, key, field, path, depth } = stack.pop()!;
    const v = (parent as Record<string | number, unknown>)[key];
    const name = path || root;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) throw badInput(name, problem);
      if (!isPanGuardExempt(field)) {
        const masked = maskPansInText(v);
        if (masked !== v) {
          (parent as Record<string | number, unknown>)[key] = masked;
          onMasked?.(path);
        }
      }
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth) throw badInput(name, `is nested deeper than ${maxDepth} levels`);
    if (Array.isArray(v)) {
      v.forEach((_, i) => stack.push({ parent: v, key: i, field, path: path ? `${path}.${i}` : String(i), depth: depth + 1 }));
      continue;
    }
    const obj = v as Record<string, unknown>;
    for (const k of Object.keys(obj)) {
      if (FORBIDDEN_KEYS.has(k)) throw badInput(path ? `${path}.${k}` : k, 'is not an accepted field name');
      const problem = textProblem(k);
      if (problem) throw badInput(path || root, `a field name ${problem}`);
      stack.push({ parent: obj, key: k, field: k, path: path ? `${path}.${k}` : k, depth: depth + 1 });
    }
  }
  return holder[root];
}

/** True for an object (not an array) without an enumerable key. */
function isEmptyObject(value: unknown): boolean {
  if (typeof value !== 'object' || Array.isArray(value)) return false;
  for (const _ in value) return false;
  return true;
}

/** The preValidation hook (callback style: the checks never wait, so no promise per request); a refusal goes to `done`. */
function guardInput(req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  try {
    req.params = assertSafeInput(req.params, 'params');
    req.query = assertSafeInput(req.query, 'query');
    const config = routeConfig(req);
    const found: string[] = [];
    if (req.body !== undefined && !req.isMultipart()) req.body = assertSafeInput(req.body, 'body', config.maxInputDepth, config.reportMaskedPans ? (p) => found.push(p) : undefined);
    if (found.length) maskedPaths.set(req, found);
  } catch (err) {
    done(err as Error);
    return;
  }
  done();
}

/** Registers the guard as a preValidation hook; register it after the secure channel and auth guard. */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', guardInput);
}
