/**
 * POST /api/country/states {country}: the 16 Malaysian states and federal territories, in the
 * shape of the public countries API: `{error: false, msg, data: {name, iso3, states: [{name, state_code}]}}`.
 */
import { MALAYSIA, MALAYSIAN_STATES, requireMalaysia, stateCode } from './malaysia.ts';

export function getStates(q: { country: string }) {
  requireMalaysia(q.country);
  return {
    error: false,
    msg: `states in ${MALAYSIA.name} retrieved`,
    data: { name: MALAYSIA.name, iso3: MALAYSIA.iso3, states: MALAYSIAN_STATES.map((s) => ({ name: s.name, state_code: stateCode(s) })) },
  };
}
