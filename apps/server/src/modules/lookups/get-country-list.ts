/** GetAllCountry (§7 Lookups): the ISO 3166-1 countries as {CountryName, Alpha3}, by name. */
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { countries as c } from '../../db/schema/index.ts';

export async function getCountryList(database: Database) {
  return database.db.select({ CountryName: c.countryName, Alpha3: c.alpha3 }).from(c).orderBy(asc(c.countryName), asc(c.alpha3));
}
