/**
 * The portal's own country service (§7): states and cities of Malaysia, without a session and
 * unencrypted, answering like the public countries API the web client was written against. The
 * web app reaches it through COUNTRY_SERVICE_URL (default `/api/country`).
 */
import type { FastifyInstance } from 'fastify';
import type { CountryStatesRequest, StateCitiesRequest } from '@paydesk/contract';
import type { z } from 'zod';
import { registerRoute } from '../../platform/route.ts';
import { getStateCities } from './get-state-cities.ts';
import { getStates } from './get-states.ts';

export function countryRoutes(app: FastifyInstance): void {
  registerRoute(app, 'countryStates', async (req) => getStates(req.body as z.infer<typeof CountryStatesRequest>));
  registerRoute(app, 'stateCities', async (req) => getStateCities(req.body as z.infer<typeof StateCitiesRequest>));
}
