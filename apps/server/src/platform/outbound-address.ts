/**
 * Where the portal may send a webhook (issue 11, refund acknowledgements): a merchant types its
 * callback URL, so a delivery must not become a request into the platform's own network (SSRF).
 * A URL is refused when any address its host resolves to is loopback, private, link-local
 * (cloud metadata 169.254.169.254 included), carrier-grade NAT, multicast, reserved or
 * unspecified — IPv4, IPv6 and IPv4-mapped IPv6 alike (ipaddr.js ranges); only public unicast
 * addresses pass. CALLBACK_ALLOW_PRIVATE=true lifts the check (an on-premises receiver, tests).
 * The host is resolved here and again by fetch, so a host that changes its answer between the
 * two (DNS rebinding) is not caught; pinning the resolved address is the next step.
 */
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Why `url` may not be called, or null when it may (http or https to public addresses only). */
export async function outboundRefusal(url: string, allowPrivate: boolean): Promise<string | null> {
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
    addresses = ipaddr.isValid(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return `the callback host ${host} does not resolve`;
  }
  for (const a of addresses) {
    const parsedAddress = ipaddr.process(a);
    const range = parsedAddress.range();
    if (range !== 'unicast') return `the callback host ${host} resolves to a ${range} address (${a}): only public addresses are called`;
  }
  return null;
}
