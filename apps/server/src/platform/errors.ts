/**
 * Domain errors with codes (guides practice 6). Handlers throw `AppError`; the error handler turns
 * it into `{ErrorCode, ErrorMessage}` and an HTTP status. Nothing else reaches the client: an
 * unexpected error is logged and answered as SRV500 without internals.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
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

/** Installs the error and not-found handlers. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return reply.code(err.status).send({ ErrorCode: err.code, ErrorMessage: err.message, ...err.extra });
    if (err.validation) return reply.code(400).send({ ErrorCode: ERROR_CODES.VALIDATION, ErrorMessage: validationMessage(err) });
    if (err.statusCode === 429) return reply.code(429).send({ ErrorCode: ERROR_CODES.RATE_LIMITED, ErrorMessage: 'Too many requests, please try again later' });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const msg = err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'body: must not be empty' : err.code?.startsWith('FST_ERR_CTP') ? `body: ${err.message}` : err.message;
      return reply.code(err.statusCode).send({ ErrorCode: ERROR_CODES.VALIDATION, ErrorMessage: msg });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ ErrorCode: ERROR_CODES.INTERNAL, ErrorMessage: 'Unexpected server error' });
  });
}
