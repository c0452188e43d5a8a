/**
 * The country service client (§7 "External country service", §8, §9): the states of Malaysia and
 * the cities of one state, from `{CountryServiceUrl}/states` and `{CountryServiceUrl}/state/cities`
 * of the runtime configuration. It answers `{error, msg, data}`. The country is always Malaysia.
 *
 * Any failure (unset URL, transport error, timeout, HTTP error, `error: true`, an answer of another
 * shape) gives an empty list and nothing else: no toast, no session handling. It is a plain POST
 * outside the portal API client: no bearer token, no secure channel, no cookies.
 */
import { CountryStatesResponse, StateCitiesResponse, type RuntimeConfig } from '@paydesk/contract';

/** §9: state and city lookups are fixed to Malaysia. */
export const COUNTRY_SERVICE_COUNTRY = 'Malaysia';
export const COUNTRY_TIMEOUT_MS = 10_000;

type CountryConfig = Pick<RuntimeConfig, 'CountryServiceUrl' | 'ApiBaseUrl'>;

export interface CountryClientOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The service's base URL: absolute as configured; a bare path (the portal's own service, default
 * `/api/country`) lives beside the API, so it is taken relative to `ApiBaseUrl`. Empty: not configured.
 */
export function countryServiceBase(config: CountryConfig): string | null {
  const url = config.CountryServiceUrl.trim().replace(/\/+$/, '');
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return `${config.ApiBaseUrl.trim().replace(/\/+$/, '')}${url}`;
  return url;
}

async function post(url: string, body: unknown, options: CountryClientOptions): Promise<unknown> {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? COUNTRY_TIMEOUT_MS);
  try {
    const res = await fetchImpl(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      signal: controller.signal,
    });
    if (!res.ok) return null;
    return await res.json();
  } finally {
    clearTimeout(timer);
  }
}

/** State names of Malaysia in the service's order, or null when the lookup failed. */
export async function requestStates(config: CountryConfig, options: CountryClientOptions = {}): Promise<string[] | null> {
  try {
    const base = countryServiceBase(config);
    if (!base) return null;
    const parsed = CountryStatesResponse.safeParse(await post(`${base}/states`, { country: COUNTRY_SERVICE_COUNTRY }, options));
    return parsed.success && !parsed.data.error ? parsed.data.data.states.map((s) => s.name) : null;
  } catch {
    return null;
  }
}

/** City names of a Malaysian state, or null when the lookup failed; a blank state has none. */
export async function requestCities(config: CountryConfig, state: string, options: CountryClientOptions = {}): Promise<string[] | null> {
  if (!state.trim()) return [];
  try {
    const base = countryServiceBase(config);
    if (!base) return null;
    const parsed = StateCitiesResponse.safeParse(await post(`${base}/state/cities`, { country: COUNTRY_SERVICE_COUNTRY, state }, options));
    return parsed.success && !parsed.data.error ? parsed.data.data : null;
  } catch {
    return null;
  }
}

/** State names of Malaysia, in the service's order; [] on any error (§8). */
export async function fetchStates(config: CountryConfig, options: CountryClientOptions = {}): Promise<string[]> {
  return (await requestStates(config, options)) ?? [];
}

/** City names of a Malaysian state; [] for a blank state and on any error (§8). */
export async function fetchCities(config: CountryConfig, state: string, options: CountryClientOptions = {}): Promise<string[]> {
  return (await requestCities(config, state, options)) ?? [];
}
