/**
 * Runtime configuration (§7): fetched from the serving origin at boot, before anything else.
 * The API base URL and product name come only from here, never from the build.
 */
import { ROUTE_PATHS, type RuntimeConfig } from '@paydesk/contract';

let current: RuntimeConfig | null = null;

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const res = await fetchImpl(ROUTE_PATHS.config.path, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`configuration answered ${res.status}`);
  const config = (await res.json()) as RuntimeConfig;
  current = config;
  return config;
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('runtime configuration not loaded');
  return current;
}

export function portalTitle(productName: string): string {
  return `${productName} Portal`;
}
