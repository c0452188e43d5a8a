/**
 * POST /api/country/state/cities {country, state}: the cities (postal localities) of a Malaysian
 * state, sorted, in the shape of the public countries API: `{error: false, msg, data: [names]}`.
 */
import { citiesOfState } from '@paydesk/domain';
import { MALAYSIA, requireMalaysia, requireMalaysianState } from './malaysia.ts';

export function getStateCities(q: { country: string; state: string }) {
  requireMalaysia(q.country);
  const state = requireMalaysianState(q.state);
  return { error: false, msg: `cities in state ${state.name} of country ${MALAYSIA.name} retrieved`, data: [...citiesOfState(state.code)] };
}
