/**
 * The portal's public address, the one origin every absolute URL the server writes is built on
 * (today the invitation and password-reset links it e-mails). It comes from PUBLIC_URL, never from
 * the request: the Host header (and X-Forwarded-Host / X-Forwarded-Proto behind TRUST_PROXY) is
 * written by the client, so a link built from it sends a live token to whichever host the sender
 * of a request named (password-reset poisoning).
 *
 * Without PUBLIC_URL:
 * - in production (NODE_ENV=production) a request that needs a link is refused;
 * - in development a link is built from the request only when it came to a loopback host
 *   (localhost, 127.0.0.0/8, ::1) over a loopback socket, so a developer's own browser (or the
 *   Vite proxy) gets working links and nothing else can name the host.
 *
 * The refusal is 503 SRV503, not a 4xx: the request is valid and the same request succeeds once
 * the operator sets PUBLIC_URL; what is missing is the server's configuration, which a 5xx reports
 * to monitoring as the server's fault, where a 4xx would blame the user.
 */
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { ERROR_CODES } from '@paydesk/domain';
import { AppError } from './errors.ts';

/**
 * PUBLIC_URL checked at start-up: '' (unset) stays ''; otherwise an http or https origin —
 * scheme, host and optional port, a trailing `/` allowed — answered in its canonical form (URL
 * `origin`: lower-case host, no default port, no trailing slash). Throws an Error naming
 * PUBLIC_URL and the part that is wrong for anything else (a path, query, fragment, user name,
 * another scheme, no URL at all).
 */
export function parsePublicUrl(value: string): string {
  const text = value.trim();
  if (!text) return '';
  const example = 'e.g. https://portal.example.my';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`PUBLIC_URL "${text}" is not a URL: give the portal's public origin, ${example}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`PUBLIC_URL "${text}" uses ${url.protocol}: only http and https, ${example}`);
  if (url.username || url.password) throw new Error(`PUBLIC_URL "${text}" holds a user name or password: give the origin only, ${example}`);
  // The raw text after the authority, not url.pathname: the URL parser folds dot segments
  // ("/.", "/a/..") and backslashes into "/", and a value that names a path is wrong even when
  // the parser would throw it away.
  const afterAuthority = text.replace(/^[^:]*:\/\/[^/\\?#]*/, '');
  if (url.pathname !== '/' || url.search || url.hash || (afterAuthority !== '' && afterAuthority !== '/')) {
    throw new Error(`PUBLIC_URL "${text}" has a path, query or fragment: give the origin only (scheme, host, port), ${example}`);
  }
  return url.origin;
}

/** What decides the origin of a link: the configuration and where the request arrived. */
export interface LinkSettings {
  /** PUBLIC_URL as parsePublicUrl answered it ('' = unset). */
  publicUrl: string;
  /** NODE_ENV=production. */
  production: boolean;
}

/** The request's own account of where it arrived (as Fastify reads it: TRUST_PROXY decides whether X-Forwarded-* count). */
export interface ArrivedAt {
  /** `req.host`: the Host header, or X-Forwarded-Host when the proxy is trusted; may be absent or anything. */
  host: string | undefined;
  /** `req.protocol`: 'http', 'https', or X-Forwarded-Proto's text when the proxy is trusted. */
  protocol: string;
  /** The socket's local address (the interface the connection came in on); undefined when unknown. */
  localAddress: string | undefined;
}

const isLoopbackAddress = (address: string): boolean => isIP(address) !== 0 && ipaddr.process(address).range() === 'loopback';

/**
 * The origin of the request when it may stand in for PUBLIC_URL (development only): `host`
 * parses as a bare host[:port] whose host is `localhost` or a loopback address and the socket's
 * local address is loopback too; the scheme is https only when the request says so. Anything
 * else (another host, a user name, a path, a bad port, a missing Host) answers null.
 */
export function loopbackOrigin(at: ArrivedAt): string | null {
  if (!at.host || !at.localAddress || !isLoopbackAddress(at.localAddress)) return null;
  let url: URL;
  try {
    url = new URL(`http://${at.host}`);
  } catch {
    return null;
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash || `${url.host}` !== at.host.toLowerCase()) return null;
  const name = url.hostname.replace(/^\[|\]$/g, '');
  if (name !== 'localhost' && !isLoopbackAddress(name)) return null;
  return `${at.protocol === 'https' ? 'https' : 'http'}://${url.host}`;
}

/**
 * The origin (`scheme://host[:port]`, no trailing slash) every absolute URL of an answer or an
 * e-mail is built on: PUBLIC_URL when set; else, outside production, the request's own origin
 * when it came to loopback (`loopbackOrigin`). Throws AppError 503 SRV503 saying PUBLIC_URL must be
 * set otherwise: before anything is written, so the caller's transaction leaves no half-sent link.
 */
export function linkOrigin(settings: LinkSettings, at: ArrivedAt): string {
  if (settings.publicUrl) return settings.publicUrl;
  const why = settings.production
    ? 'the server runs in production (NODE_ENV=production)'
    : 'this request did not come to a loopback address (localhost, 127.0.0.1, ::1), the only origin trusted without it';
  const local = settings.production ? null : loopbackOrigin(at);
  if (local) return local;
  throw new AppError(503, ERROR_CODES.UNAVAILABLE, `Links cannot be sent: PUBLIC_URL is not set and ${why}. Ask the administrator to set PUBLIC_URL to the portal's public address (e.g. https://portal.example.my).`);
}

/**
 * An absolute URL of the portal for `pathAndQuery` (starting with `/`), on `linkOrigin` of this
 * server's configuration and the request `req`. Throws AppError 503 SRV503 when no origin may be used.
 */
export function portalUrl(app: FastifyInstance, req: FastifyRequest, pathAndQuery: string): string {
  const { publicUrl, production } = app.ctx.config;
  return `${linkOrigin({ publicUrl, production }, { host: req.host, protocol: req.protocol, localAddress: req.socket?.localAddress })}${pathAndQuery}`;
}

/**
 * The start-up warning about PUBLIC_URL, or null when there is nothing to say: unset in production
 * (every invitation and password reset will be refused), or unset in development (links only for
 * requests to localhost).
 */
export function publicUrlWarning(settings: LinkSettings): string | null {
  if (settings.publicUrl) return null;
  return settings.production
    ? 'PUBLIC_URL is not set: invitations and password resets are refused (503) until it names the portal\'s public address, e.g. https://portal.example.my'
    : 'PUBLIC_URL is not set: e-mailed links are built only for requests to localhost (development); set it to the portal\'s public address';
}

/**
 * The path and query of a request target, never a scheme or host: an absolute-form target
 * (`GET http://any.host/path HTTP/1.1`, RFC 9112 §3.2.2) or a `//host/path` one names a host of
 * the client's choosing, which an answer quoting the target (a redirect's return path, a
 * not-found message) would echo. An origin-form target (`/path?query`) is answered unchanged.
 */
export function requestTarget(url: string): string {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url, 'http://request.invalid');
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return '/';
  }
}
