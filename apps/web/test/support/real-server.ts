/**
 * The real portal server for web tests: Fastify on an in-memory PGlite with the demo data
 * (apps/server's integration harness), and the app's runtime configuration pointed at it.
 * Requests are counted by a pass-through around the global `fetch`, which the app calls.
 */
import type { RuntimeConfig } from '@paydesk/contract';
import { invalidateSettings } from '../../../server/src/platform/settings.ts';
import { PASSWORD, startTestServer as startServer, type TestServer, type TestServerOptions } from '../../../server/test/integration/harness.ts';

export { PASSWORD, type TestServer };

/**
 * The integration harness's server with the longest idle limit the setting allows (240 minutes,
 * SESSION_IDLE_MINUTES). Web tests run on the real clock (jsdom's timers drive antd), so a file's
 * span depends on the machine's load: a landing CI run at 78 minutes saw a client signed in at the
 * file's start answered SC440 twenty minutes later. The idle limit itself is proven in the
 * integration tier on a fixed clock.
 */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const server = await startServer(opts);
  await server.database.query(`UPDATE system_settings SET setting_value = '240' WHERE setting_key = 'SESSION_IDLE_MINUTES'`);
  invalidateSettings(server.app.ctx);
  return server;
}

/** The server's own runtime configuration, with every relative URL made absolute on its address. */
export async function configOf(server: TestServer): Promise<RuntimeConfig> {
  const res = await fetch(`${server.url}/api/portal/config`);
  const config = (await res.json()) as RuntimeConfig;
  const absolute = (u: string) => (u.startsWith('/') ? `${server.url}${u}` : u);
  return {
    ...config,
    ApiBaseUrl: server.url,
    IpLookupV4Url: absolute(config.IpLookupV4Url),
    IpLookupV6Url: absolute(config.IpLookupV6Url),
  };
}

export interface Exchange {
  method: string;
  path: string;
  /** The answer's HTTP status; 'failed' when fetch rejected; null while under way. */
  status: number | 'failed' | null;
}

/** Every request the app sends through `fetch`, with the answer's status. */
export interface Traffic {
  readonly exchanges: Exchange[];
  /** Requests still under way. */
  pending(): number;
  /** How many requests went to a path (path only, no query). */
  count(path: string): number;
  statuses(path: string): Exchange['status'][];
  restore(): void;
}

export function countFetches(): Traffic {
  const original = globalThis.fetch;
  const exchanges: Exchange[] = [];
  const counting: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const exchange: Exchange = { method: init?.method ?? 'GET', path: new URL(url, 'http://relative.invalid').pathname, status: null };
    exchanges.push(exchange);
    try {
      const res = await original(input, init);
      exchange.status = res.status;
      return res;
    } catch (e) {
      exchange.status = 'failed';
      throw e;
    }
  };
  globalThis.fetch = counting;
  return {
    exchanges,
    pending: () => exchanges.filter((e) => e.status === null).length,
    count: (path) => exchanges.filter((e) => e.path === path).length,
    statuses: (path) => exchanges.filter((e) => e.path === path).map((e) => e.status),
    restore: () => {
      globalThis.fetch = original;
    },
  };
}
