/**
 * Home lookups (§7): active currencies and the server time; runtime configuration (product name
 * and service URLs from the live system settings) and IP echo.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { currencies } from '../../db/schema.ts';
import { registerRoute } from '../../platform/route.ts';
import { liveSettings } from '../../platform/settings.ts';

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
  registerRoute(app, 'config', async () => {
    const s = await liveSettings(app.ctx);
    return {
      ApiBaseUrl: config.apiBaseUrl,
      ProductName: s.productName,
      IpLookupV4Url: s.ipLookupV4Url,
      IpLookupV6Url: s.ipLookupV6Url,
      PosUrl: s.posUrl,
      CountryServiceUrl: s.countryServiceUrl,
    };
  });
  registerRoute(app, 'ipEcho', async (req) => ({ ip: req.ip }));
}
