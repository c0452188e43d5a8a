/**
 * Where the portal may send a webhook (refund acknowledgements): a merchant types its callback
 * URL, so a delivery must not become a request into the platform's own network (SSRF). An address
 * is refused when it is loopback, private, link-local (cloud metadata 169.254.169.254 included),
 * carrier-grade NAT, multicast, reserved or unspecified — IPv4, IPv6 and IPv4-mapped IPv6 alike
 * (ipaddr.js ranges); only public unicast addresses pass. CALLBACK_ALLOW_PRIVATE=true lifts the
 * check (an on-premises receiver, tests).
 *
 * Two checks, one rule: `outboundRefusal` resolves the host before the call to give the refund
 * desk a readable reason, and `outboundFetch` makes the call through an undici Agent whose
 * `connect.lookup` applies the same rule to every address at connect time. The address checked
 * there is the address the socket connects to, so a host that answers a public address to the
 * first lookup and a private one to the second (DNS rebinding) is refused, not called.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch, type RequestInit, type Response } from 'undici';

/** A resolver with node:dns `lookup`'s callback shape, always asked for every address (`all: true`). */
export type LookupAll = (hostname: string, options: LookupOptions & { all: true }, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/** A connect-time refusal: the host resolved to an address no webhook may reach. */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

/** Why `address` (an IPv4 or IPv6 literal, without brackets) may not be called, or null when it is public unicast. */
export function addressRefusal(host: string, address: string): string | null {
  const range = ipaddr.process(address).range();
  return range === 'unicast' ? null : `the callback host ${host} resolves to a ${range} address (${address}): only public addresses are called`;
}

const resolveAll = (lookup: LookupAll, host: string): Promise<string[]> =>
  new Promise((resolve, reject) => lookup(host, { all: true }, (err, list) => (err ? reject(err) : resolve(list.map((a) => a.address)))));

/**
 * Why `url` may not be called, or null when it may (http or https to public addresses only; any
 * address when `allowPrivate`). Resolves the host with `lookup` (node:dns by default). The answer
 * is the reason shown on the refund desk; `outboundFetch` checks the addresses again as it
 * connects, so a null here is not what lets the call through.
 */
export async function outboundRefusal(url: string, allowPrivate: boolean, lookup: LookupAll = dnsLookup): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'the callback URL is not a URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return `the callback URL uses ${parsed.protocol}, not https`;
  if (allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolveAll(lookup, host);
  } catch {
    return `the callback host ${host} does not resolve`;
  }
  for (const a of addresses) {
    const refused = addressRefusal(host, a);
    if (refused) return refused;
  }
  return null;
}

/**
 * An undici Agent whose connections resolve their host through `lookup` and refuse, before any
 * byte is sent, a host with any non-public address among its answers (every address is checked,
 * not only the one tried first, since the socket may fall back to another). With `allowPrivate`
 * the addresses are not checked. The caller of a custom Agent closes it.
 */
export function pinnedAgent(allowPrivate: boolean, lookup: LookupAll = dnsLookup): Agent {
  const checkedLookup = (hostname: string, options: LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    lookup(hostname, { ...options, all: true }, (err, list) => {
      if (err) return callback(err, []);
      const refused = allowPrivate ? null : list.map((a) => addressRefusal(hostname, a.address)).find((r) => r !== null);
      if (refused) return callback(Object.assign(new OutboundRefused(refused), { code: 'EOUTBOUNDREFUSED' }), []);
      if (list.length === 0) return callback(Object.assign(new Error(`the callback host ${hostname} does not resolve`), { code: 'ENOTFOUND' }), []);
      // net.connect asks for one address or for all of them (family auto-selection).
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
  return new Agent({ connect: { lookup: checkedLookup } });
}

/** One Agent per setting for the process: connections to a merchant's receiver are kept alive between deliveries. */
const agents = new Map<boolean, Agent>();

/**
 * `fetch(url, init)` for a URL a user typed (undici's fetch), connected only to addresses the
 * rule allows: an IP-literal host is checked here (it is never looked up), a name at connect time
 * by `agent` (by default the process's pinned Agent for `allowPrivate`). Throws OutboundRefused
 * naming the host and address when refused, or undici's errors when the call fails otherwise
 * (e.g. TimeoutError from `init.signal`).
 */
export async function outboundFetch(url: string, init: Omit<RequestInit, 'dispatcher'>, opts: { allowPrivate: boolean; agent?: Agent }): Promise<Response> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (!opts.allowPrivate && isIP(host)) {
    const refused = addressRefusal(host, host);
    if (refused) throw new OutboundRefused(refused);
  }
  let agent = opts.agent ?? agents.get(opts.allowPrivate);
  if (!agent) agents.set(opts.allowPrivate, (agent = pinnedAgent(opts.allowPrivate)));
  try {
    return await undiciFetch(url, { ...init, dispatcher: agent });
  } catch (err) {
    // undici wraps connect errors in TypeError('fetch failed'): surface the refusal itself.
    const cause = (err as { cause?: unknown }).cause;
    if (cause instanceof OutboundRefused) throw cause;
    throw err;
  }
}
