import { getCities } from 'malaysia-postcodes';

/** A Malaysian state or federal territory (§3 reference lists). */
export interface MalaysianState {
  readonly code: `MY-${string}`;
  readonly name: string;
  readonly type: 'STATE' | 'FEDERAL_TERRITORY';
  readonly postcodeName: string;
}

const STATES = [
  { code: 'MY-01', name: 'Johor', type: 'STATE', postcodeName: 'Johor' },
  { code: 'MY-02', name: 'Kedah', type: 'STATE', postcodeName: 'Kedah' },
  { code: 'MY-03', name: 'Kelantan', type: 'STATE', postcodeName: 'Kelantan' },
  { code: 'MY-04', name: 'Melaka', type: 'STATE', postcodeName: 'Melaka' },
  { code: 'MY-05', name: 'Negeri Sembilan', type: 'STATE', postcodeName: 'Negeri Sembilan' },
  { code: 'MY-06', name: 'Pahang', type: 'STATE', postcodeName: 'Pahang' },
  { code: 'MY-07', name: 'Pulau Pinang', type: 'STATE', postcodeName: 'Pulau Pinang' },
  { code: 'MY-08', name: 'Perak', type: 'STATE', postcodeName: 'Perak' },
  { code: 'MY-09', name: 'Perlis', type: 'STATE', postcodeName: 'Perlis' },
  { code: 'MY-10', name: 'Selangor', type: 'STATE', postcodeName: 'Selangor' },
  { code: 'MY-11', name: 'Terengganu', type: 'STATE', postcodeName: 'Terengganu' },
  { code: 'MY-12', name: 'Sabah', type: 'STATE', postcodeName: 'Sabah' },
  { code: 'MY-13', name: 'Sarawak', type: 'STATE', postcodeName: 'Sarawak' },
  { code: 'MY-14', name: 'Wilayah Persekutuan Kuala Lumpur', type: 'FEDERAL_TERRITORY', postcodeName: 'Wp Kuala Lumpur' },
  { code: 'MY-15', name: 'Wilayah Persekutuan Labuan', type: 'FEDERAL_TERRITORY', postcodeName: 'Wp Labuan' },
  { code: 'MY-16', name: 'Wilayah Persekutuan Putrajaya', type: 'FEDERAL_TERRITORY', postcodeName: 'Wp Putrajaya' },
] as const satisfies readonly MalaysianState[];
export type MalaysianStateCode = (typeof STATES)[number]['code'];
/**
 * The 16 Malaysian states and federal territories of the state picker (§3 "the state picker has 16
 * states"; §9 "State and city lookups are fixed to Malaysia"), with their ISO 3166-2:MY codes.
 *  - `name`: the name shown and stored (the common Malay short form; federal territories as
 *    "Wilayah Persekutuan ...", as in ISO 3166-2);
 *  - `postcodeName`: the state's name in the malaysia-postcodes package (ISC licence, plain data,
 *    browser and Node), which supplies the city lists;
 *  - `type`: ISO 3166-2 subdivision category.
 * Order: ISO code order (MY-01 … MY-16).
 */
export const MALAYSIAN_STATES: readonly MalaysianState[] = Object.freeze(STATES.map((s) => Object.freeze({ ...s })));

/** City lists by state code, built once from the package: sorted, each city once. */
const CITIES_BY_STATE: Readonly<Record<string, readonly string[]>> = Object.freeze(
  Object.fromEntries(
    STATES.map((s) => [s.code, Object.freeze([...new Set(getCities(s.postcodeName))].sort((a, b) => a.localeCompare(b, 'en')))]),
  ),
);

/**
 * The cities (postal localities) of a state, by ISO code or by name (either form), sorted, each
 * once; an empty list for an unknown state. From the malaysia-postcodes package.
 */
export function citiesOfState(stateCodeOrName: string): readonly string[] {
  const state = findMalaysianState(stateCodeOrName);
  return (state && CITIES_BY_STATE[state.code]) ?? [];
}

/** The state of an ISO code ("MY-14"), a name ("Wilayah Persekutuan Kuala Lumpur") or a package name ("Wp Kuala Lumpur"), case-insensitive. */
export function findMalaysianState(codeOrName: string): MalaysianState | undefined {
  if (typeof codeOrName !== 'string') return undefined;
  const q = codeOrName.trim().toLowerCase();
  return MALAYSIAN_STATES.find((s) => s.code.toLowerCase() === q || s.name.toLowerCase() === q || s.postcodeName.toLowerCase() === q);
}

/** Every state with its cities, for a state → city picker. */
export function malaysianStatesWithCities(): readonly (MalaysianState & { readonly cities: readonly string[] })[] {
  return MALAYSIAN_STATES.map((s) => ({ ...s, cities: citiesOfState(s.code) }));
}
