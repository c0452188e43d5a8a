/**
 * The portal's own country service (§7): states and cities of Malaysia, without a session and
 * unencrypted, answering like the public countries API the web client was written against. The
 * web app reaches it through COUNTRY_SERVICE_URL (default `/api/country`).
 */
import type { FastifyInstance } from 'fastify';
import { operation } from '../../platform/operation.ts';
import { getStateCities } from './get-state-cities.ts';
import { getStates } from './get-states.ts';

export function countryRoutes(app: FastifyInstance): void {
  operation(app, 'countryStates', async (input) => getStates(input));
  operation(app, 'stateCities', async (input) => getStateCities(input));
}
