/** The one API client of the running app, created at boot (main.tsx) once the config is known. */
import type { ApiClient } from './client.ts';

let instance: ApiClient | null = null;

export function setApiClient(client: ApiClient): void {
  instance = client;
}

export function apiClient(): ApiClient {
  if (!instance) throw new Error('API client used before boot');
  return instance;
}
