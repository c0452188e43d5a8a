/**
 * Home lookups (§7): active currencies and the server time; runtime configuration (product name
 * and service URLs from the live system settings) and IP echo.
 *
 * The active currencies are asked for on nearly every screen, so they are cached:
 * re-read at most every CURRENCY_CACHE_MS, and dropped at once when this server answers a
 * successful Currency write (module `currency`: Create, Update, SetStatus, Delete, BulkUpload), so
 * a change shows from the next call here and within 5 s on other servers.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { currencies } from '../../db/schema/index.ts';
import { moduleCache } from '../../platform/module-cache.ts';
import { operation } from '../../platform/operation.ts';
import { liveSettings } from '../../platform/settings.ts';

/** How long the active currency list is reused, ms. */
export const CURRENCY_CACHE_MS = 5_000;

export function homeRoutes(app: FastifyInstance): void {
  const { database, config } = app.ctx;
  const activeCurrencies = moduleCache(app, {
    modules: ['currency'],
    ttlMs: CURRENCY_CACHE_MS,
    load: () =>
      database.db
        .select({ Id: currencies.id, CurrencyCode: currencies.currencyCode, IsActive: currencies.isActive })
        .from(currencies)
        .where(eq(currencies.isActive, 1))
        .orderBy(asc(currencies.sortOrder), asc(currencies.currencyCode)),
  });
  operation(app, 'currencies', () => activeCurrencies.get());
  operation(app, 'serverTime', async (_input, { now }) => ({ systemtime: now().toISOString() }));
  operation(app, 'config', async () => {
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
  operation(app, 'ipEcho', async (_input, { req }) => ({ ip: req.ip }));
}
