/**
 * A typed portal client over `fetch` for Node scripts and tests (the browser app wraps the same
 * route table with its own §8 error handling). It does the secure-channel handshake, seals
 * encrypted calls, keeps the bearer token and a cookie jar, and sends the anti-forgery header.
 */
import { routes, type BodyOf, type ResponseOf, type RouteName } from './routes.ts';
import { completeClientHandshake, createClientKeyPair, openResponse, sealRequest, sealUpload, type ChannelKeys } from './secure-channel.ts';

/** Fills `:Name` placeholders of a route path. */
export function resolvePath(path: string, params: Record<string, string | number> = {}): string {
  let out = path;
  for (const [k, v] of Object.entries(params)) out = out.replace(`:${k}`, encodeURIComponent(String(v)));
  return out;
}

/** A failed call: the HTTP status and the server's `{ErrorCode, ErrorMessage}`. */
export class PortalError extends Error {
  /** The whole error body (e.g. a bulk upload's per-row `Errors`). */
  body?: Record<string, unknown>;
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(`${errorCode}: ${message}`);
  }
}

export interface CallInput<N extends RouteName> {
  body?: BodyOf<N>;
  params?: Record<string, string | number>;
  /** Extra headers, e.g. to tamper in tests. */
  headers?: Record<string, string>;
}

export class PortalClient {
  token: string | undefined;
  keys: ChannelKeys | undefined;
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly opts: { fetch?: typeof fetch; publicIp?: string; useCookiesOnly?: boolean } = {},
  ) {}

  private get fetcher(): typeof fetch {
    return this.opts.fetch ?? fetch;
  }

  /** Agrees channel keys with the server (POST /api/portal/secure/Handshake). */
  async handshake(): Promise<ChannelKeys> {
    const pair = await createClientKeyPair();
    const res = await this.fetcher(`${this.baseUrl}${routes.handshake.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ClientPublicKey: pair.publicKey }),
    });
    const answer = (await res.json()) as { ChannelId: string; ServerPublicKey: string };
    this.keys = await completeClientHandshake(pair.privateKey, answer);
    return this.keys;
  }

  private storeCookies(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, decodeURIComponent(value));
    }
  }

  /** Sends a call and returns the raw Response (cookies and renewed token already taken). */
  async send<N extends RouteName>(name: N, input: CallInput<N> = {}): Promise<Response> {
    const def = routes[name];
    return this.sendTo({ method: def.method, encrypted: def.encrypted }, resolvePath(def.path, input.params), input);
  }

  /**
   * Sends to any path (e.g. the resource engine's generated routes) with the same headers,
   * channel sealing and cookie handling as `send`. `body` may be FormData: a multipart upload,
   * unencrypted but signed with the channel keys over the SHA-256 of its bytes (`sealUpload`).
   */
  async sendTo(def: { method: string; encrypted: boolean }, path: string, input: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.opts.publicIp) headers['X-Client-Public-IP'] = this.opts.publicIp;
    if (this.token && !this.opts.useCookiesOnly) headers.Authorization = `Bearer ${this.token}`;
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    const bodyless = def.method === 'GET' || def.method === 'DELETE';
    if (input.body instanceof FormData) {
      // Serialise the form once: the signature covers exactly the bytes sent, boundary included.
      const form = new Response(input.body);
      body = new Uint8Array(await form.arrayBuffer());
      headers['content-type'] = form.headers.get('content-type') ?? 'multipart/form-data';
      Object.assign(headers, (await sealUpload(this.keys ?? (await this.handshake()), def.method, path, body)).headers);
    } else if (def.encrypted) {
      const keys = this.keys ?? (await this.handshake());
      const sealed = await sealRequest(keys, def.method, path, bodyless ? undefined : input.body);
      Object.assign(headers, sealed.headers);
      body = sealed.body;
    } else if (input.body !== undefined && !bodyless) body = JSON.stringify(input.body);
    if (typeof body === 'string' && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    Object.assign(headers, input.headers);
    const res = await this.fetcher(`${this.baseUrl}${path}`, { method: def.method, headers, body, redirect: 'manual' });
    this.storeCookies(res);
    const renewed = res.headers.get('access_token');
    if (renewed) this.token = renewed;
    return res;
  }

  /** Reads a JSON answer: opens an encrypted one, refuses a downgrade, throws PortalError on `{ErrorCode}`. */
  async readJson(res: Response, encrypted: boolean, path: string): Promise<unknown> {
    const text = await res.text();
    if (encrypted && res.ok && !text.startsWith('{"EncryptedPayload"')) {
      // A 2xx answer of an encrypted route that is not sealed is a downgrade: refuse it.
      throw new PortalError(res.status, 'SEC400', 'The answer was not encrypted');
    }
    let data: unknown;
    try {
      data = encrypted && this.keys ? await openResponse(this.keys, path, text) : JSON.parse(text);
    } catch {
      throw new PortalError(res.status, 'NON_JSON', text.slice(0, 200));
    }
    if (data && typeof data === 'object' && 'ErrorCode' in data) {
      const e = data as { ErrorCode: string; ErrorMessage: string };
      const err = new PortalError(res.status, e.ErrorCode, e.ErrorMessage);
      Object.assign(err, { body: data });
      throw err;
    }
    return data;
  }

  /** Calls an endpoint and returns its typed answer; throws PortalError on `{ErrorCode}`. */
  async call<N extends RouteName>(name: N, input: CallInput<N> = {}): Promise<ResponseOf<N>> {
    const def = routes[name];
    const res = await this.send(name, input);
    if ('file' in def && def.file && res.ok) return (await res.blob()) as ResponseOf<N>;
    const data = await this.readJson(res, def.encrypted, resolvePath(def.path, input.params));
    if (name === 'login' || name === 'changeUserGroup') this.token = (data as { JWT: { access_token: string } }).JWT.access_token;
    return data as ResponseOf<N>;
  }

  /** Calls any JSON path over the secure channel (multipart FormData bodies go unencrypted). */
  async callPath<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const encrypted = !(body instanceof FormData);
    const res = await this.sendTo({ method, encrypted }, path, { body });
    return (await this.readJson(res, encrypted, path)) as T;
  }

  /** Signs in and keeps the token; returns the Login answer. */
  async login(email: string, password: string): Promise<ResponseOf<'login'>> {
    return this.call('login', { body: { Email: email, Password: password } as BodyOf<'login'> });
  }
}
