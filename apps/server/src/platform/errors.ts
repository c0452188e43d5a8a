/**
 * Domain errors with codes (guides practice 6). Handlers throw `AppError`; the error handler turns
 * it into `{ErrorCode, ErrorMessage}` and an HTTP status. Nothing else reaches the client: an
 * unexpected error is logged and answered as SRV500 without internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@paydesk/domain';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra fields of the error body, e.g. the per-row `Errors` of a bulk upload. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const invalidSession = (msg = 'Session is invalid, please sign in again') => new AppError(401, ERROR_CODES.INVALID_SESSION, msg);
export const idleTimeout = () => new AppError(401, ERROR_CODES.IDLE_TIMEOUT, 'Session timed out after inactivity, please sign in again');
export const forbidden = (permission: string) => new AppError(403, ERROR_CODES.FORBIDDEN, `You do not have the permission ${permission}`);
export const notFound = (what: string) => new AppError(404, ERROR_CODES.NOT_FOUND, `${what} not found`);
export const badInput = (field: string, message: string) => new AppError(400, ERROR_CODES.VALIDATION, `${field}: ${message}`);

interface ZodLikeIssue {
  path?: (string | number)[];
  message?: string;
}

/** Turns Fastify/zod validation details into "Field: message" naming the field. */
function validationMessage(err: FastifyError): string {
  const v = err.validation as unknown as { instancePath?: string; message?: string; params?: { issue?: ZodLikeIssue } }[] | undefined;
  const first = v?.[0];
  if (!first) return err.message;
  const issuePath = first.params?.issue?.path?.join('.');
  const path = issuePath || (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const ctx = err.validationContext && err.validationContext !== 'body' ? `${err.validationContext}.` : '';
  return `${ctx}${path || err.validationContext || 'body'}: ${first.message ?? 'invalid value'}`;
}

/**
 * The last-resort mapping of a database refusal that no handler named: a value the
 * column cannot hold (class 22: NUL or invalid text, out of range, impossible date, too long) is
 * VAL400; an integrity refusal (class 23: unique, foreign key, not null, check) is CF409 or
 * VAL400; a program limit (class 54, e.g. a value too large for an index) is VAL400. Such input
 * got past the contract's schemas, which is itself a defect the fuzz suite reports, but the
 * caller still gets a 4xx naming the problem, never SRV500. Null for anything else.
 */
export function databaseRefusal(err: unknown): AppError | null {
  type DbError = { code?: unknown; severity?: unknown; column?: string; constraint?: string; cause?: unknown };
  // Drizzle wraps the driver's error (DrizzleQueryError) and keeps it as `cause`.
  const outer = err as DbError | null;
  const e = (outer?.severity === undefined && outer?.cause ? outer.cause : outer) as DbError | null;
  if (typeof e?.code !== 'string' || !/^[0-9A-Z]{5}$/.test(e.code) || e.severity === undefined) return null;
  const where = e.column ?? e.constraint ?? 'body';
  switch (e.code.slice(0, 2)) {
    case '22':
      return new AppError(400, ERROR_CODES.VALIDATION, `${where}: a value is not valid for its field (out of range, not a real date or time, or contains characters that cannot be stored)`);
    case '23':
      if (e.code === '23505') return new AppError(409, ERROR_CODES.CONFLICT, `${where}: already exists`);
      if (e.code === '23503') return new AppError(409, ERROR_CODES.CONFLICT, `${where}: refers to, or is still used by, another record`);
      return new AppError(400, ERROR_CODES.VALIDATION, `${where}: ${e.code === '23502' ? 'is required' : 'breaks a rule of the record'}`);
    case '54':
      return new AppError(400, ERROR_CODES.VALIDATION, `${where}: a value is too large`);
    default:
      return null;
  }
}

/** The code a framework (Fastify, @fastify/static) 4xx answers with: NF404, PERM403, else VAL400. */
const frameworkCode = (status: number) => (status === 404 ? ERROR_CODES.NOT_FOUND : status === 403 ? ERROR_CODES.FORBIDDEN : ERROR_CODES.VALIDATION);

/** A framework error's message, naming the part of the request at fault. */
function frameworkMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'body: must not be empty';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body: larger than the request size limit';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `content-type: not accepted by this endpoint`;
    case 'FST_ERR_BAD_URL':
      return 'url: not a valid URL (bad percent-encoding)';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'url: a path parameter is too long';
    default:
      return err.code?.startsWith('FST_ERR_CTP') ? `body: ${err.message}` : err.message;
  }
}

/**
 * Fastify's own refusals that never reach the error handler (a malformed URL, a path parameter
 * over maxParamLength): answered `{ErrorCode, ErrorMessage}` like everything else. Pass as the
 * `frameworkErrors` option of Fastify.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  // Refused before the onRequest hooks ran: the reference header is set here.
  void reply.code(status).header('x-request-id', req.id).send(errorBody(req, frameworkCode(status), frameworkMessage(err)));
}

/**
 * An error body: `{ErrorCode, ErrorMessage}` (§3), the request's id as `RequestId` — the reference
 * the web app's error toast shows and support finds in the portal log — and `extra`. Also notes
 * the failure on the request for the portal log (platform/portal-log.ts).
 */
export function errorBody(req: FastifyRequest, code: string, message: string, extra?: Record<string, unknown>): Record<string, unknown> {
  req.failure = { code, message };
  return { ErrorCode: code, ErrorMessage: message, RequestId: req.id, ...extra };
}

/** Installs the error handler: every failure answers `{ErrorCode, ErrorMessage}` (§3). */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const known = err instanceof AppError ? err : databaseRefusal(err);
    if (known) return reply.code(known.status).send(errorBody(req, known.code, known.message, known.extra));
    if (err.validation) return reply.code(400).send(errorBody(req, ERROR_CODES.VALIDATION, validationMessage(err)));
    if (err.statusCode === 429) return reply.code(429).send(errorBody(req, ERROR_CODES.RATE_LIMITED, 'Too many requests, please try again later'));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send(errorBody(req, frameworkCode(err.statusCode), frameworkMessage(err)));
    }
    req.log.error({ err }, 'unhandled error');
    const body = errorBody(req, ERROR_CODES.INTERNAL, 'Unexpected server error');
    // The portal log keeps what went wrong (masked and redacted there); the caller gets no internals.
    req.failure = { code: ERROR_CODES.INTERNAL, message: `${err.name}: ${err.message}` };
    return reply.code(500).send(body);
  });
}
