/**
 * Builds the Fastify app: platform plugins (helmet, cookies, OpenAPI, secure channel, input guard,
 * auth guard, errors), the business modules, and the web pages. `buildApp` does no listening, so
 * tests drive it with `inject` or a real port.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './platform/context.ts';
import { frameworkErrors, installErrorHandlers } from './platform/errors.ts';
import { installRefusalAudit } from './auth/refusal-audit.ts';
import { secureChannelPlugin } from './platform/secure-channel.ts';
import { responseSerializerCompiler } from './platform/response-serializer.ts';
import { installAuthGuard, installUploadGate } from './auth/auth-guard.ts';
import { installInputGuard } from './platform/input-guard.ts';
import { serverLoggerOptions, type LogStream } from './platform/log-masking.ts';
import { installDraining } from './platform/draining.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { webPages } from './web-pages.ts';
import { originsOf } from './platform/csp.ts';
import { registerResource } from './engine/routes.ts';
import { RESOURCES } from '@paydesk/contract';
import { healthRoutes } from './modules/health/routes.ts';
import { installMetrics } from './platform/metrics.ts';
import { moduleManifests } from './modules/index.ts';
import { reportRoutes } from './reports/routes.ts';
import { installIdempotencyPurge } from './platform/idempotency.ts';
import { installMailJobs } from './platform/mail.ts';
import { installUploadMultipart } from './platform/upload-multipart.ts';
import { startJobQueue } from './platform/jobs.ts';
import { runWithRequestContext } from './platform/request-context.ts';
import { installPortalLog } from './platform/portal-log.ts';
import { installLogRetention } from './platform/log-retention.ts';
import { logStoreOf } from './platform/log-store.ts';

export interface BuildOptions {
  /**
   * Where the server's log lines go instead of stdout (tests capture them). Lines are always
   * written (pino JSON, every line PAN-masked and secrets redacted: platform/log-masking.ts) at
   * `config.logLevel` (LOG_LEVEL; 'silent' writes none).
   */
  logStream?: LogStream;
  /**
   * Write the portal log and each request's stdout line (platform/portal-log.ts; default true).
   * Only the API benchmark's baseline turns it off, to measure what logging costs a request.
   */
  portalLog?: boolean;
}

/** An incoming X-Request-Id kept as the request's id (behind a trusted proxy): a UUID or up to 64 of [A-Za-z0-9._-]. */
const INCOMING_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: serverLoggerOptions(opts.logStream, ctx.config.logLevel),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A path parameter (an id, a service type) is short; a longer one is refused with the error shape.
    routerOptions: { maxParamLength: 100 },
    // During a graceful shutdown requests still arriving on open connections are served (they
    // finish like the ones in flight); /readyz answers 503 SRV503 so the balancer stops sending.
    // Fastify's own 503 would answer outside {ErrorCode, ErrorMessage}.
    return503OnClosing: false,
    frameworkErrors,
    // One line per request, written by the portal log's onResponse hook (method, route, status,
    // duration, user), instead of Fastify's two ("incoming request", "request completed").
    logController: new LogController({ disableRequestLogging: true }),
    // A request id unique across servers and restarts (Fastify's default counts from req-1 per
    // process): it is the `reqId` of the request's log lines, the `request_id` of its audit row,
    // of its log store entries and of the jobs it sends, the X-Request-Id answered and the
    // RequestId of an error body, so a support question leads from one to the others. An
    // incoming X-Request-Id is believed only behind a trusted proxy (TRUST_PROXY) that sets it.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return ctx.config.trustProxy && typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('ctx', ctx);
  // Callback hooks (here and in the platform's per-request hooks): an async hook costs a promise
  // and a microtask hop per request, for work that never waits (bench/api.bench.ts).
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    runWithRequestContext({ requestId: req.id }, done);
  });
  if (opts.portalLog !== false) installPortalLog(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  installErrorHandlers(app);
  installRefusalAudit(app);

  const c = ctx.config;
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd injects its CSS-in-JS styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Page answers replace this with the live settings' origins (platform/csp.ts).
        connectSrc: ["'self'", ...originsOf([c.apiBaseUrl, c.ipLookupV4Url, c.ipLookupV6Url, c.countryServiceUrl])],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cookie);
  await installUploadMultipart(app, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 5 } });
  await app.register(swagger, {
    openapi: { info: { title: `${c.productName} Portal API`, version: '1' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    transform: jsonSchemaTransform,
  });
  installUploadGate(app);
  await app.register(secureChannelPlugin, { database: ctx.database, kek: ctx.keys.kek, now: () => Date.now() });
  installAuthGuard(app);
  installInputGuard(app);

  // The platform's routes, then every module's (modules/index.ts: each folder's manifest.ts, in
  // folder-name order; platform/module-manifest.ts states what the order guarantees).
  const modules = await moduleManifests();
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  healthRoutes(app, installDraining(app));
  installMetrics(app);
  reportRoutes(app);
  for (const def of RESOURCES) registerResource(app, def);
  for (const m of modules) m.routes?.(app);
  await webPages(app);
  // Background work (platform/jobs.ts): each server works the queues; stopped (after the attempt
  // in progress) when the app closes, before the caller closes the database.
  const jobs = await startJobQueue(ctx.database, { pollingIntervalSeconds: ctx.config.jobPollSeconds });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  await installIdempotencyPurge(jobs, ctx);
  await installMailJobs(jobs, ctx);
  await installLogRetention(jobs, ctx);
  // The log store's last entries (this server's final requests and jobs) go in before the caller closes the database.
  app.addHook('onClose', async () => logStoreOf(ctx).flush());
  for (const m of modules) await m.jobs?.(jobs, ctx);
  return app;
}
