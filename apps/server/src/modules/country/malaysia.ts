/**
 * The portal's own country service (§7 "External country service", §9 "State and city lookups are
 * fixed to Malaysia"): which country and state a request names. States and cities come from the
 * domain's reference lists (16 states and federal territories, ISO 3166-2:MY).
 */
import { MALAYSIAN_STATES, findMalaysianState, type MalaysianState } from '@paydesk/domain';
import { badInput } from '../../platform/errors.ts';

/** The one country served, as the public countries API names it. */
export const MALAYSIA = { name: 'Malaysia', iso2: 'MY', iso3: 'MYS' } as const;

/**
 * English names the public countries API (and many clients) use for states whose stored name is
 * the Malay form, so a client written against that API keeps working.
 */
const ENGLISH_STATE_NAMES: Record<string, string> = {
  malacca: 'MY-04',
  penang: 'MY-07',
  'kuala lumpur': 'MY-14',
  labuan: 'MY-15',
  putrajaya: 'MY-16',
};

/** Throws 400 `country: only Malaysia is served` unless `country` names Malaysia (name, MY or MYS, any case). */
export function requireMalaysia(country: string): void {
  const c = country.trim().toUpperCase();
  if (c !== MALAYSIA.name.toUpperCase() && c !== MALAYSIA.iso2 && c !== MALAYSIA.iso3) throw badInput('country', 'only Malaysia is served');
}

/**
 * The state a request names: its name ("Pulau Pinang"), English name ("Penang"), ISO 3166-2 code
 * ("MY-07") or the code's number ("07", the public API's state_code), any case. Throws 400
 * `state: not a Malaysian state` otherwise.
 */
export function requireMalaysianState(state: string): MalaysianState {
  const q = state.trim().toLowerCase();
  const code = ENGLISH_STATE_NAMES[q] ?? (/^\d{2}$/.test(q) ? `MY-${q}` : q);
  const found = findMalaysianState(code);
  if (!found) throw badInput('state', 'not a Malaysian state');
  return found;
}

/** The public API's state_code: the ISO 3166-2 subdivision part ("MY-07" → "07"). */
export const stateCode = (s: MalaysianState): string => s.code.slice(MALAYSIA.iso2.length + 1);

export { MALAYSIAN_STATES };
