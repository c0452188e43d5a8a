/**
 * The API client (§7, §8), framework-free and typed by the contract's route table. Every call
 * carries the public IP, the bearer token and the anti-forgery header; encrypted routes go
 * through the secure channel. Every failure shows one toast (or ends the session) and then
 * rejects with no value, so callers only need to know that it failed.
 */
import { ROUTE_PATHS, openResponse, resolvePath, sealRequest, sealUpload, type BodyOf, type ChannelKeys, type Method, type ResponseOf, type RouteName, type Routes } from '@paydesk/contract';
import { ERROR_CODES } from '@paydesk/domain';
import { filenameFromContentDisposition } from './content-disposition.ts';
import { COOKIE_XSRF, readCookie } from './cookies.ts';
import { classifyFailure, isErrorBody, type Failure, type Verdict } from './failure.ts';
import { createSecureChannel, type SecureChannel } from './secure-channel.ts';
import type { ChannelStore } from './channel-store.ts';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const FILE_TIMEOUT_MS = 300_000;
export const HEADER_PUBLIC_IP = 'X-Client-Public-IP';
export const HEADER_XSRF = 'X-XSRF-TOKEN';
export const HEADER_RENEWED_TOKEN = 'access_token';

/** Route names whose method is M. */
export type RouteOf<M extends Method> = { [K in RouteName]: Routes[K]['method'] extends M ? K : never }[RouteName];

export interface RequestOptions {
  /** Values for `:Name` segments of the route path. */
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Sent as a Basic authorization header instead of the bearer token (§7). */
  basicAuth?: { username: string; password: string };
  /**
   * No toast for this call (the caller shows the message itself), or only for the failures this
   * function claims (e.g. a form shows "Field: message" on its field); session ends still happen.
   */
  silent?: boolean | ((verdict: Verdict) => boolean);
  /**
   * Sent as `Idempotency-Key` (a money-moving route): one key per form submission, so a
   * retry of the same submission is answered once by the server.
   */
  idempotencyKey?: string;
  /** Told the verdict before the call rejects. */
  onFailure?: (verdict: Verdict) => void;
}

export interface ApiClientDeps {
  baseUrl: string;
  publicIp: () => Promise<string | null>;
  channelStore: ChannelStore;
  getToken: () => string | null;
  onTokenRenewed: (token: string) => void;
  /** Called once per session end, after its toast. */
  onSessionEnd: () => void;
  /** Shows one error toast; several lines are shown as a list. */
  /** Shows the error toast: its lines, and the failed request's reference when the server gave one. */
  notify: (messages: string[], reference?: string | null) => void;
  download: (blob: Blob, filename: string) => void;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * An endpoint outside the route table: the resource engine's generated routes
 * (`/api/portal/{Name}/Search` …) and other per-screen paths. JSON bodies travel over the secure
 * channel unless `encrypted` is false; multipart uploads are not encrypted (§7) but are signed
 * with the channel keys over the SHA-256 of their bytes.
 */
export interface PathRoute {
  method: Method;
  /** The path, with `:Name` segments filled from `params`. */
  path: string;
  encrypted?: boolean;
}

/** The same helpers as by route name, for a path (see PathRoute). */
export interface PathCalls {
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  del<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  postFile(path: string, body?: unknown, options?: RequestOptions): Promise<string>;
  postMultipart<T = unknown>(path: string, form: FormData, options?: RequestOptions): Promise<T>;
  /** POST answering server-sent events: resolves with the stream's body once the server accepted (the caller reads and parses it). */
  postStream(path: string, body?: unknown, options?: RequestOptions): Promise<ReadableStream<Uint8Array>>;
}

export interface ApiClient {
  get<N extends RouteOf<'GET'>>(name: N, options?: RequestOptions): Promise<ResponseOf<N>>;
  post<N extends RouteOf<'POST'>>(name: N, body?: BodyOf<N>, options?: RequestOptions): Promise<ResponseOf<N>>;
  put<N extends RouteOf<'PUT'>>(name: N, body?: BodyOf<N>, options?: RequestOptions): Promise<ResponseOf<N>>;
  del<N extends RouteOf<'DELETE'>>(name: N, body?: BodyOf<N>, options?: RequestOptions): Promise<ResponseOf<N>>;
  /** POST answering a file: saves it and resolves with its filename. */
  postFile<N extends RouteOf<'POST'>>(name: N, body?: BodyOf<N>, options?: RequestOptions): Promise<string>;
  getFile<N extends RouteOf<'GET'>>(name: N, options?: RequestOptions): Promise<string>;
  /** Multipart upload: not encrypted (§7), signed with the channel keys over its bytes (`sealUpload`). */
  postMultipart<N extends RouteOf<'POST'>>(name: N, form: FormData, options?: RequestOptions): Promise<ResponseOf<N>>;
  /** Calls to paths outside the route table, with the same headers, channel and §8 handling. */
  path: PathCalls;
  /** Forgets the channel keys (sign-out). */
  resetChannel(): Promise<void>;
  /** Re-arms session-end handling after a sign-in or a restored session. */
  sessionStarted(): void;
}

class RequestFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.kind);
  }
}

type Kind = 'json' | 'file' | 'multipart' | 'stream';

/** True for undefined, null and `{}`: such a body is not sent (§7 "body omitted when empty"). */
export function isEmptyBody(body: unknown): boolean {
  if (body === undefined || body === null) return true;
  return typeof body === 'object' && !Array.isArray(body) && !(body instanceof FormData) && Object.keys(body).length === 0;
}

export function buildPath(template: string, params: RequestOptions['params'] = {}, query: RequestOptions['query'] = {}): string {
  const path = resolvePath(template, params);
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) qs.append(k, String(v));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

function joinUrl(base: string, path: string): string {
  return base ? `${base.replace(/\/+$/, '')}${path}` : path;
}

/** The path + query the server sees, which the channel signs (§7). */
function wirePath(url: string): string {
  const u = new URL(url, typeof location === 'undefined' ? 'http://localhost' : location.href);
  return `${u.pathname}${u.search}`;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const fetchImpl = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const defaultTimeout = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let sessionEnded = false;

  async function baseHeaders(options: RequestOptions): Promise<Record<string, string>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const ip = await deps.publicIp();
    if (ip) headers[HEADER_PUBLIC_IP] = ip;
    const token = deps.getToken();
    if (options.basicAuth) headers.Authorization = `Basic ${btoa(`${options.basicAuth.username}:${options.basicAuth.password}`)}`;
    else if (token) headers.Authorization = `Bearer ${token}`;
    const xsrf = readCookie(COOKIE_XSRF);
    if (xsrf) headers[HEADER_XSRF] = xsrf;
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    return headers;
  }

  /** One HTTP exchange with timeout and abort; transport errors become RequestFailure. */
  async function exchange(url: string, init: RequestInit, options: RequestOptions, timeoutMs: number): Promise<Response> {
    if (options.signal?.aborted) throw new RequestFailure({ kind: 'aborted' });
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await fetchImpl(url, { ...init, credentials: 'include', signal: controller.signal });
    } catch {
      if (timedOut) throw new RequestFailure({ kind: 'timeout', timeoutMs });
      if (controller.signal.aborted) throw new RequestFailure({ kind: 'aborted' });
      throw new RequestFailure({ kind: 'network' });
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  async function readJson(res: Response, keys: ChannelKeys | null, path: string): Promise<unknown> {
    let text: string;
    try {
      text = await res.text();
    } catch {
      throw new RequestFailure({ kind: 'network' });
    }
    try {
      if (keys) return await openResponse(keys, path, text);
      return text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      // Not JSON, or an encrypted answer that does not authenticate or open.
      throw new RequestFailure({ kind: 'response', status: res.status, body: undefined });
    }
  }

  async function handshake(clientPublicKey: string) {
    const url = joinUrl(deps.baseUrl, ROUTE_PATHS.handshake.path);
    const headers = { ...(await baseHeaders({})), 'Content-Type': 'application/json' };
    const res = await exchange(url, { method: 'POST', headers, body: JSON.stringify({ ClientPublicKey: clientPublicKey }) }, {}, defaultTimeout);
    const body = await readJson(res, null, wirePath(url));
    if (!res.ok || isErrorBody(body)) throw new RequestFailure({ kind: 'response', status: res.status, body });
    return body as ResponseOf<'handshake'>;
  }

  const channel: SecureChannel = createSecureChannel(deps.channelStore, handshake);

  async function attempt(route: PathRoute, kind: Kind, body: unknown, options: RequestOptions, retryUnknownChannel: boolean): Promise<unknown> {
    const url = joinUrl(deps.baseUrl, buildPath(route.path, options.params, options.query));
    const path = wirePath(url);
    const headers = await baseHeaders(options);
    let payload: BodyInit | undefined;
    let keys: ChannelKeys | null = null;

    if (kind === 'multipart') {
      // Serialise the form once and sign exactly those bytes (boundary included), sent with the
      // content type that names that boundary. A failure here is a broken exchange (§8 handling).
      let bytes: Uint8Array<ArrayBuffer>;
      let contentType: string;
      try {
        const form = new Response(body as FormData);
        bytes = new Uint8Array(await form.arrayBuffer());
        contentType = form.headers.get('content-type') ?? 'multipart/form-data';
      } catch {
        throw new RequestFailure({ kind: 'response', status: 0, body: undefined });
      }
      keys = await channel.keys();
      Object.assign(headers, (await sealUpload(keys, route.method, path, bytes)).headers);
      headers['Content-Type'] = contentType;
      payload = bytes;
    } else if (route.encrypted !== false) {
      keys = await channel.keys();
      const sealed = await sealRequest(keys, route.method, path, isEmptyBody(body) ? undefined : body);
      Object.assign(headers, sealed.headers);
      payload = sealed.body;
    } else if (!isEmptyBody(body)) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }

    const timeoutMs = options.timeoutMs ?? (kind === 'file' ? FILE_TIMEOUT_MS : defaultTimeout);
    const res = await exchange(url, { method: route.method, headers, body: payload }, options, timeoutMs);

    const renewed = res.headers.get(HEADER_RENEWED_TOKEN);
    if (renewed) deps.onTokenRenewed(renewed);

    const contentType = res.headers.get('content-type') ?? '';
    if (kind === 'file' && res.ok && !contentType.includes('application/json')) {
      let blob: Blob;
      try {
        blob = await res.blob();
      } catch {
        throw new RequestFailure({ kind: 'network' });
      }
      const filename = filenameFromContentDisposition(res.headers.get('content-disposition'));
      deps.download(blob, filename);
      return filename;
    }

    if (kind === 'stream' && res.ok && res.body && contentType.includes('text/event-stream')) return res.body;
    const data = await readJson(res, keys, path);
    if (res.ok && !isErrorBody(data)) return data;
    if (retryUnknownChannel && keys && isErrorBody(data) && data.ErrorCode === ERROR_CODES.UNKNOWN_CHANNEL) {
      // The server forgot the channel (restart, expiry): agree on a new one and try once more.
      await channel.reset();
      return attempt(route, kind, body, options, false);
    }
    throw new RequestFailure({ kind: 'response', status: res.status, body: data });
  }

  /** The toast of a verdict: its lines, and the request's reference when the server gave one. */
  const notify = (v: Verdict) => (v.reference ? deps.notify(v.messages, v.reference) : deps.notify(v.messages));

  async function handle(failure: Failure, options: RequestOptions): Promise<void> {
    const verdict = classifyFailure(failure);
    options.onFailure?.(verdict);
    if (verdict.endSession) {
      if (sessionEnded) return;
      sessionEnded = true;
      await channel.reset();
      notify(verdict);
      deps.onSessionEnd();
      return;
    }
    const silent = typeof options.silent === 'function' ? options.silent(verdict) : options.silent === true;
    if (!silent) notify(verdict);
  }

  async function call(route: PathRoute, kind: Kind, body: unknown, options: RequestOptions = {}): Promise<never> {
    try {
      const result = await attempt(route, kind, body, options, true);
      return result as never;
    } catch (e) {
      // A failed handshake or sealing that is not a RequestFailure is a broken exchange.
      await handle(e instanceof RequestFailure ? e.failure : { kind: 'response', status: 0, body: undefined }, options);
      return Promise.reject();
    }
  }

  const at = (method: Method, path: string): PathRoute => ({ method, path, encrypted: true });

  return {
    get: (name, options) => call(ROUTE_PATHS[name], 'json', undefined, options),
    post: (name, body, options) => call(ROUTE_PATHS[name], 'json', body, options),
    put: (name, body, options) => call(ROUTE_PATHS[name], 'json', body, options),
    del: (name, body, options) => call(ROUTE_PATHS[name], 'json', body, options),
    postFile: (name, body, options) => call(ROUTE_PATHS[name], 'file', body, options),
    getFile: (name, options) => call(ROUTE_PATHS[name], 'file', undefined, options),
    postMultipart: (name, form, options) => call(ROUTE_PATHS[name], 'multipart', form, options),
    path: {
      get: (path, options) => call(at('GET', path), 'json', undefined, options),
      post: (path, body, options) => call(at('POST', path), 'json', body, options),
      put: (path, body, options) => call(at('PUT', path), 'json', body, options),
      del: (path, body, options) => call(at('DELETE', path), 'json', body, options),
      postFile: (path, body, options) => call(at('POST', path), 'file', body, options),
      postMultipart: (path, form, options) => call(at('POST', path), 'multipart', form, options),
      postStream: (path, body, options) => call(at('POST', path), 'stream', body, options),
    },
    resetChannel: () => channel.reset(),
    sessionStarted: () => {
      sessionEnded = false;
    },
  };
}
