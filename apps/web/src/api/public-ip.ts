/**
 * The client's public IP for the X-Client-Public-IP header (§7): IPv4 lookup first, then IPv6,
 * each bounded by IP_LOOKUP_TIMEOUT_MS; looked up once. Failure gives null (header omitted).
 */
import { IP_LOOKUP_TIMEOUT_MS } from '@paydesk/domain';

const IP_PATTERN = /^[0-9a-fA-F:.]{2,45}$/;

async function lookup(url: string, fetchImpl: typeof fetch, timeoutMs: number): Promise<string | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetchImpl(url, { signal: controller.signal, credentials: 'omit', headers: { Accept: 'application/json, text/plain' } });
    if (!res.ok) return null;
    const text = (await res.text()).trim();
    let ip: unknown = text;
    if (text.startsWith('{')) ip = (JSON.parse(text) as { ip?: unknown }).ip;
    return typeof ip === 'string' && IP_PATTERN.test(ip) ? ip : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export function createPublicIpLookup(opts: {
  v4Url: string;
  v6Url: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): () => Promise<string | null> {
  const fetchImpl = opts.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const timeoutMs = opts.timeoutMs ?? IP_LOOKUP_TIMEOUT_MS;
  let result: Promise<string | null> | null = null;
  return () =>
    (result ??= (async () => {
      for (const url of [opts.v4Url, opts.v6Url]) {
        if (!url) continue;
        const ip = await lookup(url, fetchImpl, timeoutMs);
        if (ip) return ip;
      }
      return null;
    })());
}
