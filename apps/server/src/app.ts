/**
 * Builds the Fastify app: platform plugins (helmet, cookies, rate limit, OpenAPI, secure channel,
 * auth guard, errors), the business modules, and the web pages. `buildApp` does no listening, so
 * tests drive it with `inject` or a real port.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './platform/context.ts';
import { installErrorHandlers } from './platform/errors.ts';
import { secureChannelPlugin } from './platform/secure-channel.ts';
import { installAuthGuard } from './auth/auth-guard.ts';
import { webPages } from './platform/web-pages.ts';
import { originsOf } from './platform/csp.ts';
import { registerResource } from './engine/routes.ts';
import { RESOURCES } from '@paydesk/contract';
import { authRoutes } from './modules/auth/routes.ts';
import { countryRoutes } from './modules/country/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { homeRoutes } from './modules/home/routes.ts';
import { lookupRoutes } from './modules/lookups/routes.ts';
import { organizationRoutes } from './modules/organizations/routes.ts';
import { transactionRoutes } from './modules/transactions/routes.ts';
import { userGroupRoutes } from './modules/user-groups/routes.ts';
import { messageTemplateRoutes } from './modules/message-templates/routes.ts';
import { systemSettingRoutes } from './modules/system-settings/routes.ts';
import { bulkUpdateMdrRoutes } from './modules/bulk-update-mdr/routes.ts';

export interface BuildOptions {
  logger?: boolean;
}

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: 'info', redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'] } : false,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('ctx', ctx);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandlers(app);

  const c = ctx.config;
  await app.register(helmet, {
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
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 5 } });
  await app.register(swagger, {
    openapi: { info: { title: `${c.productName} Portal API`, version: '1' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    transform: jsonSchemaTransform,
  });
  await app.register(secureChannelPlugin, { database: ctx.database, kek: ctx.keys.kek, now: () => Date.now() });
  installAuthGuard(app);

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  homeRoutes(app);
  authRoutes(app);
  dashboardRoutes(app);
  organizationRoutes(app);
  transactionRoutes(app);
  lookupRoutes(app);
  countryRoutes(app);
  for (const def of RESOURCES) registerResource(app, def);
  userGroupRoutes(app);
  messageTemplateRoutes(app);
  systemSettingRoutes(app);
  bulkUpdateMdrRoutes(app);
  await webPages(app);
  return app;
}
