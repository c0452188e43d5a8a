/**
 * The content-security policy of the web app. Its connect-src must follow the live system
 * settings (IP lookup and country service URLs can point at other origins and change without a
 * restart), so page answers get the policy from the current settings.
 */
import type { FastifyInstance } from 'fastify';
import { liveSettings } from './settings.ts';

/** The origins of absolute http(s) URLs; paths (same origin) add nothing. */
export function originsOf(urls: string[]): string[] {
  return urls.flatMap((u) => {
    try {
      return /^https?:\/\//.test(u) ? [new URL(u).origin] : [];
    } catch {
      return [];
    }
  });
}

/** The connect-src sources for the current settings. */
export async function connectSources(app: FastifyInstance): Promise<string[]> {
  const s = await liveSettings(app.ctx);
  return ["'self'", ...new Set(originsOf([app.ctx.config.apiBaseUrl, s.ipLookupV4Url, s.ipLookupV6Url, s.countryServiceUrl]))];
}

/** Rewrites the connect-src of a policy header value. */
export function withConnectSrc(policy: string, sources: string[]): string {
  const parts = policy.split(';').filter((p) => !/^\s*connect-src\b/.test(p));
  return [...parts, `connect-src ${sources.join(' ')}`].join(';');
}
