/**
 * Safe input at the edge, once for every route (issue 8): after the secure channel has opened the
 * body and before the route's zod schema runs, every string of the body, path parameters and
 * query is checked, and the body's shape is bounded. Refusals are VAL400 naming the field:
 *  - NUL and other control characters (C0 except tab, LF, CR; DEL; C1) — PostgreSQL text cannot
 *    hold NUL, and no field of a back office legitimately carries the others;
 *  - unpaired UTF-16 surrogates (they cannot be encoded as UTF-8 and would be stored altered);
 *  - keys `__proto__`, `constructor`, `prototype` at any depth (prototype pollution);
 *  - nesting deeper than MAX_DEPTH (no schema of the contract is deeper).
 * Types, ranges and lengths stay the schemas' job (packages/contract); this guard covers what is
 * common to every text, so a new endpoint gets it the day it lands.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badInput } from './errors.ts';

/** Deepest nesting a request may have (objects and arrays). */
export const MAX_DEPTH = 8;

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
 * Walks a parsed value and throws VAL400 naming the first offending field path (e.g.
 * `SearchData.Keyword`). Iterative, so a hostile depth cannot exhaust the stack.
 */
export function assertSafeInput(value: unknown, root: string): void {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: '', depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    const name = path || root;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) throw badInput(name, problem);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_DEPTH) throw badInput(name, `is nested deeper than ${MAX_DEPTH} levels`);
    const entries: [string, unknown][] = Array.isArray(v) ? v.map((x, i) => [String(i), x]) : Object.entries(v as Record<string, unknown>);
    for (const [k, x] of entries) {
      if (!Array.isArray(v)) {
        if (FORBIDDEN_KEYS.has(k)) throw badInput(path ? `${path}.${k}` : k, 'is not an accepted field name');
        const problem = textProblem(k);
        if (problem) throw badInput(path || root, `a field name ${problem}`);
      }
      stack.push({ v: x, path: path ? `${path}.${k}` : k, depth: depth + 1 });
    }
  }
}

async function guardInput(req: FastifyRequest): Promise<void> {
  assertSafeInput(req.params, 'params');
  assertSafeInput(req.query, 'query');
  if (req.body !== undefined && !req.isMultipart()) assertSafeInput(req.body, 'body');
}

/** Registers the guard as a preValidation hook; register it after the secure channel and auth guard. */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', guardInput);
}
