/** Home lookups (§7): active currencies and the server time; runtime configuration and IP echo. */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { currencies } from '../../db/schema.ts';
import { registerRoute } from '../../platform/route.ts';

export function homeRoutes(app: FastifyInstance): void {
  const { database, config } = app.ctx;
  registerRoute(app, 'currencies', async () =>
    database.db
      .select({ Id: currencies.id, CurrencyCode: currencies.currencyCode, IsActive: currencies.isActive })
      .from(currencies)
      .where(eq(currencies.isActive, 1))
      .orderBy(asc(currencies.sortOrder), asc(currencies.currencyCode)),
  );
  registerRoute(app, 'serverTime', async () => ({ systemtime: app.ctx.now().toISOString() }));
  registerRoute(app, 'config', async () => ({
    ApiBaseUrl: config.apiBaseUrl,
    ProductName: config.productName,
    IpLookupV4Url: config.ipLookupV4Url,
    IpLookupV6Url: config.ipLookupV6Url,
    PosUrl: config.posUrl,
    CountryServiceUrl: config.countryServiceUrl,
  }));
  registerRoute(app, 'ipEcho', async (req) => ({ ip: req.ip }));
}
