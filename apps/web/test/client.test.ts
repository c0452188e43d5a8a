import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sha256Hex, verify, type ResponseOf } from '@paydesk/contract';
import { createApiClient, type ApiClientDeps } from '../src/api/client.ts';
import { memoryChannelStore } from '../src/api/channel-store.ts';
import { createPublicIpLookup } from '../src/api/public-ip.ts';
import { fakeServer, type Answer, type SeenRequest } from './fake-server.ts';

const profile: ResponseOf<'profile'> = {
  UserId: 7,
  Email: 'ops@paydesk.test',
  NickName: 'Ops',
  CompanyList: [],
  Current: { MembershipId: 1, CompanyId: null, CompanyName: 'Platform', GroupId: 1, GroupName: 'Admins', GroupType: 'SUPERADMIN' },
  Permissions: ['transaction:ecommerce'],
  IdleTimeoutMinutes: 30,
  MfaEnabled: false,
  MfaSetupRequired: false,
};

function setup(handle: (req: SeenRequest) => Answer | Promise<Answer>, overrides: Partial<ApiClientDeps> = {}) {
  const server = fakeServer(handle);
  const channelStore = memoryChannelStore();
  const mocks = {
    onTokenRenewed: vi.fn<(token: string) => void>(),
    onSessionEnd: vi.fn<() => void>(),
    notify: vi.fn<(messages: string[]) => void>(),
    download: vi.fn<(blob: Blob, filename: string) => void>(),
  };
  const deps: ApiClientDeps = {
    baseUrl: '',
    publicIp: async () => '203.0.113.7',
    channelStore,
    getToken: () => 'token-1',
    fetch: server.fetch,
    ...mocks,
    ...overrides,
  };
  return { client: createApiClient(deps), server, deps: mocks, channelStore };
}

/** Settles a promise that must reject, returning the rejection value. */
async function rejection(p: Promise<unknown>): Promise<{ value: unknown }> {
  try {
    await p;
  } catch (value) {
    return { value };
  }
  throw new Error('expected a rejection');
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-abc; path=/';
});
afterEach(() => {
  document.cookie = 'XSRF-TOKEN=; Max-Age=0; path=/';
  vi.useRealTimers();
});

describe('API client: common headers and the secure channel (§7)', () => {
  it('sends public IP, bearer token and anti-forgery headers, and opens the encrypted answer', async () => {
    const { client, server, channelStore } = setup(() => ({ body: profile }));
    await expect(client.get('profile')).resolves.toEqual(profile);
    await expect(client.get('profile')).resolves.toEqual(profile);

    expect(server.handshakes()).toBe(1);
    expect(await channelStore.load()).not.toBeNull();
    const req = server.seen[0]!;
    expect(req.path).toBe('/api/portal/auth/GetProfile');
    expect(req.headers['x-client-public-ip']).toBe('203.0.113.7');
    expect(req.headers.authorization).toBe('Bearer token-1');
    expect(req.headers['x-xsrf-token']).toBe('xsrf-abc');
    expect(req.signatureValid).toBe(true);
    expect(req.rawBody).toBeUndefined();
  });

  it('omits the IP header when the lookup failed and the bearer header when no token is held', async () => {
    const { client, server } = setup(() => ({ body: { Success: true } }), { publicIp: async () => null, getToken: () => null });
    await client.post('logout');
    const req = server.seen[0]!;
    expect(req.headers['x-client-public-ip']).toBeUndefined();
    expect(req.headers.authorization).toBeUndefined();
  });

  it('encrypts a body as EncryptedPayload and omits an empty one', async () => {
    const { client, server } = setup((req) => (req.path.endsWith('/Login') ? { body: { ok: req.body } } : { body: { Success: true } }));
    await client.post('login', { Email: 'a@b.co', Password: 'pw' });
    await client.post('logout', {} as never);
    const [login, logout] = server.seen;
    expect(JSON.parse(login!.rawBody!)).toHaveProperty('EncryptedPayload');
    expect(login!.rawBody).not.toContain('a@b.co');
    expect(login!.body).toEqual({ Email: 'a@b.co', Password: 'pw' });
    expect(login!.signatureValid).toBe(true);
    expect(logout!.rawBody).toBeUndefined();
    expect(logout!.signatureValid).toBe(true);
  });

  it('sends to a path outside the route table over the same channel, with the same headers', async () => {
    const { client, server } = setup((req) => ({ body: { Items: [], TotalRecords: 0, Echo: req.body } }));
    const answer = await client.path.post<{ Echo: unknown }>('/api/portal/Currency/Search', { PageIndex: 1 });
    expect(answer.Echo).toEqual({ PageIndex: 1 });
    await client.path.del('/api/portal/Currency/Delete/7');
    const [search, del] = server.seen;
    expect(search!.path).toBe('/api/portal/Currency/Search');
    expect(JSON.parse(search!.rawBody!)).toHaveProperty('EncryptedPayload');
    expect(search!.signatureValid).toBe(true);
    expect(search!.headers.authorization).toBe('Bearer token-1');
    expect(del!.method).toBe('DELETE');
    expect(del!.path).toBe('/api/portal/Currency/Delete/7');
    expect(del!.signatureValid).toBe(true);
  });

  it('sends unencrypted routes as plain JSON', async () => {
    const config = { ApiBaseUrl: '', ProductName: 'Paydesk', IpLookupV4Url: '', IpLookupV6Url: '', PosUrl: '', CountryServiceUrl: '' };
    const { client, server } = setup(() => ({ body: config }));
    await expect(client.get('config')).resolves.toEqual(config);
    expect(server.handshakes()).toBe(0);
    expect(server.seen[0]!.headers['x-channel-id']).toBeUndefined();
  });

  it('stores a renewed token from the access_token header', async () => {
    const { client, deps } = setup(() => ({ body: profile, headers: { access_token: 'token-2' } }));
    await client.get('profile');
    expect(deps.onTokenRenewed).toHaveBeenCalledWith('token-2');
  });

  it('agrees on a new channel once when the server no longer knows the old one', async () => {
    const { client, server } = setup(() => ({ body: profile }));
    await client.get('profile');
    server.forgetChannels();
    await expect(client.get('profile')).resolves.toEqual(profile);
    expect(server.handshakes()).toBe(2);
  });
});

describe('API client: uploads bound to the channel', () => {
  /** A fake server that also keeps the raw bytes of each request body. */
  function recording(handle: Parameters<typeof fakeServer>[0]) {
    const server = fakeServer(handle);
    const bodies: { path: string; headers: Record<string, string>; bytes: Uint8Array | undefined }[] = [];
    const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
      bodies.push({ path: String(input), headers, bytes: init.body instanceof Uint8Array ? init.body : undefined });
      return server.fetch(input, init);
    }) as typeof fetch;
    return { server, bodies, fetchImpl };
  }

  /**
   * A one-file form of Node's own fetch realm: under jsdom, FormData and Blob are jsdom's, which
   * Node's Response cannot serialise (a browser's can); parsing a multipart text gives Node's.
   */
  async function nodeForm(filename: string, content: string): Promise<FormData> {
    const text = `--b0\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--b0--\r\n`;
    return new Response(text, { headers: { 'content-type': 'multipart/form-data; boundary=b0' } }).formData();
  }

  it('serialises the form once and signs exactly the bytes it sends, with their multipart content type', async () => {
    const { bodies, fetchImpl } = recording(() => ({ body: { Applied: 1, Created: 1, Updated: 0 } }));
    const { client, channelStore } = setup(() => ({}), { fetch: fetchImpl });
    const form = await nodeForm('banks.csv', 'BankName,BankCode\r\nMaybank,MBB');
    await expect(client.path.postMultipart('/api/portal/Bank/BulkUpload', form)).resolves.toEqual({ Applied: 1, Created: 1, Updated: 0 });

    const sent = bodies.find((b) => b.path.endsWith('/BulkUpload'))!;
    expect(sent.bytes).toBeInstanceOf(Uint8Array);
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    // The bytes are the form: parsed back with the content type sent, the file is there.
    const parsed = await new Response(sent.bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': sent.headers['content-type']! } }).formData();
    const file = parsed.get('file') as File;
    expect(file.name).toBe('banks.csv');
    expect(await file.text()).toContain('Maybank,MBB');

    const keys = (await channelStore.load())!;
    expect(sent.headers['x-channel-id']).toBe(keys.channelId);
    expect(sent.headers.authorization).toBe('Bearer token-1');
    const h = sent.headers;
    const signed = ['POST', '/api/portal/Bank/BulkUpload', h['x-timestamp']!, h['x-nonce']!, await sha256Hex(sent.bytes!)];
    expect(await verify(keys, signed, h['x-signature']!)).toBe(true);
  });

  it('keeps the §8 handling: a refused upload toasts its ErrorMessage and rejects empty', async () => {
    const { fetchImpl } = recording(() => ({ status: 400, body: { ErrorCode: 'VAL400', ErrorMessage: 'file: only .xlsx and .csv files are accepted' } }));
    const { client, deps } = setup(() => ({}), { fetch: fetchImpl });
    const form = await nodeForm('notes.txt', 'x');
    expect(await rejection(client.postMultipart('bulkUpdateMdrPreview', form))).toEqual({ value: undefined });
    expect(deps.notify).toHaveBeenCalledWith(['file: only .xlsx and .csv files are accepted']);
    expect(deps.onSessionEnd).not.toHaveBeenCalled();
  });
});

describe('API client: failures (§8)', () => {
  it('SC499 ends the session once: toast, channel keys deleted, empty rejection', async () => {
    const { client, deps, channelStore } = setup(() => ({ status: 401, body: { ErrorCode: 'SC499', ErrorMessage: 'Please sign in' } }));
    const first = await rejection(client.get('profile'));
    expect(first.value).toBeUndefined();
    expect(deps.notify).toHaveBeenCalledWith(['Please sign in']);
    expect(deps.onSessionEnd).toHaveBeenCalledTimes(1);
    expect(await channelStore.load()).toBeNull();

    await rejection(client.get('profile'));
    expect(deps.onSessionEnd).toHaveBeenCalledTimes(1);
    expect(deps.notify).toHaveBeenCalledTimes(1);

    client.sessionStarted();
    await rejection(client.get('profile'));
    expect(deps.onSessionEnd).toHaveBeenCalledTimes(2);
  });

  it('SC440 without a message toasts Unexpected Error and ends the session', async () => {
    const { client, deps } = setup(() => ({ status: 401, body: { ErrorCode: 'SC440' } }));
    await rejection(client.get('currencies'));
    expect(deps.notify).toHaveBeenCalledWith(['Unexpected Error']);
    expect(deps.onSessionEnd).toHaveBeenCalledTimes(1);
  });

  it('other codes toast ErrorMessage or Default Unexpected and keep the session', async () => {
    const answers: Answer[] = [
      { status: 400, body: { ErrorCode: 'VAL400', ErrorMessage: 'RowsPerPage: too big' } },
      { status: 500, body: { ErrorCode: 'SRV500' } },
      { status: 502, raw: '<html>bad gateway</html>' },
    ];
    const { client, deps } = setup(() => answers.shift()!);
    for (let i = 0; i < 3; i++) expect((await rejection(client.get('currencies'))).value).toBeUndefined();
    expect(deps.notify.mock.calls).toEqual([[['RowsPerPage: too big']], [['Default Unexpected']], [['Default Unexpected']]]);
    expect(deps.onSessionEnd).not.toHaveBeenCalled();
  });

  it('a silent call reports its verdict instead of toasting', async () => {
    const { client, deps } = setup(() => ({ status: 401, body: { ErrorCode: 'AUTH401', ErrorMessage: 'Invalid email or password' } }));
    const onFailure = vi.fn();
    await rejection(client.post('login', { Email: 'a@b.co', Password: 'x' }, { silent: true, onFailure }));
    expect(onFailure).toHaveBeenCalledWith({
      endSession: false,
      code: 'AUTH401',
      messages: ['Invalid email or password'],
      body: { ErrorCode: 'AUTH401', ErrorMessage: 'Invalid email or password' },
    });
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('a silent predicate keeps the toast of the failures it does not claim', async () => {
    let code = 'CF409';
    const { client, deps } = setup(() => ({ status: 409, body: { ErrorCode: code, ErrorMessage: `${code} happened` } }));
    const claim = (v: { code: string | null }) => v.code === 'CF409';
    await rejection(client.path.put('/api/portal/Currency/Update', { Id: 1 }, { silent: claim }));
    expect(deps.notify).not.toHaveBeenCalled();
    code = 'SRV500';
    await rejection(client.path.put('/api/portal/Currency/Update', { Id: 1 }, { silent: claim }));
    expect(deps.notify).toHaveBeenCalledWith(['SRV500 happened']);
  });

  it("transport failure reads 'Network Error'", async () => {
    const { client, deps } = setup(() => ({}), {
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    });
    expect((await rejection(client.get('config'))).value).toBeUndefined();
    expect(deps.notify).toHaveBeenCalledWith(['Network Error']);
  });

  const hanging = (async (_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      const abort = () => reject(new DOMException('aborted', 'AbortError'));
      if (init?.signal?.aborted) abort();
      else init?.signal?.addEventListener('abort', abort);
    })) as typeof fetch;

  it("a call past its timeout reads 'timeout of N ms exceeded'", async () => {
    vi.useFakeTimers();
    const { client, deps } = setup(() => ({}), { fetch: hanging });
    const pending = rejection(client.get('config'));
    await vi.advanceTimersByTimeAsync(30_000);
    expect((await pending).value).toBeUndefined();
    expect(deps.notify).toHaveBeenCalledWith(['timeout of 30000 ms exceeded']);
  });

  it("an aborted call reads 'Request aborted'", async () => {
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      started();
      return hanging(input, init);
    }) as typeof fetch;
    const { client, deps } = setup(() => ({}), { fetch: fetchImpl });
    const controller = new AbortController();
    const pending = rejection(client.get('config', { signal: controller.signal }));
    await inFlight;
    controller.abort();
    expect((await pending).value).toBeUndefined();
    expect(deps.notify).toHaveBeenCalledWith(['Request aborted']);
  });

  it("a call whose signal is already aborted reads 'Request aborted' without sending", async () => {
    const { client, deps, server } = setup(() => ({ body: {} }));
    await rejection(client.get('config', { signal: AbortSignal.abort() }));
    expect(deps.notify).toHaveBeenCalledWith(['Request aborted']);
    expect(server.seen).toHaveLength(0);
  });
});

describe('API client: files (§7)', () => {
  it('saves a file answer under its content-disposition name', async () => {
    const { client, server, deps } = setup(() => ({
      raw: 'a,b\n1,2\n',
      headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename*=UTF-8''ecommerce%20May.csv` },
    }));
    // A report export (generated per report, called by path).
    const name = await client.path.postFile('/api/portal/Transaction/Ecommerce/Export', { SearchData: {}, Sort: { Field: 'CreatedAt', Order: 'desc' }, Format: 'csv' });
    expect(name).toBe('ecommerce May.csv');
    expect(deps.download).toHaveBeenCalledTimes(1);
    const [blob, filename] = deps.download.mock.calls[0]!;
    expect(filename).toBe('ecommerce May.csv');
    expect(await (blob as Blob).text()).toBe('a,b\n1,2\n');
    expect(server.seen[0]!.body).toMatchObject({ Format: 'csv' });
  });

  it('defaults the name to defaultName.xls', async () => {
    const { client, deps } = setup(() => ({ raw: 'x', headers: { 'content-type': 'application/vnd.ms-excel' } }));
    await client.path.postFile('/api/portal/Transaction/Ecommerce/Export', { Format: 'xlsx' });
    expect(deps.download.mock.calls[0]![1]).toBe('defaultName.xls');
  });
});

describe('public IP lookup (§7)', () => {
  it('tries IPv4 first, then IPv6, once', async () => {
    const calls: string[] = [];
    const fetchImpl = (async (url: RequestInfo | URL) => {
      calls.push(String(url));
      return String(url).includes('v4') ? new Response('nope', { status: 500 }) : Response.json({ ip: '2001:db8::1' });
    }) as typeof fetch;
    const lookup = createPublicIpLookup({ v4Url: 'https://v4.example/ip', v6Url: 'https://v6.example/ip', fetch: fetchImpl });
    expect(await lookup()).toBe('2001:db8::1');
    expect(await lookup()).toBe('2001:db8::1');
    expect(calls).toEqual(['https://v4.example/ip', 'https://v6.example/ip']);
  });

  it('accepts a plain-text answer and gives null when both fail', async () => {
    const text = createPublicIpLookup({ v4Url: '/ip', v6Url: '', fetch: (async () => new Response('198.51.100.4\n')) as typeof fetch });
    expect(await text()).toBe('198.51.100.4');
    const failing = createPublicIpLookup({
      v4Url: '/a',
      v6Url: '/b',
      fetch: (async () => {
        throw new TypeError('offline');
      }) as typeof fetch,
    });
    expect(await failing()).toBeNull();
  });

  it('bounds each lookup by its timeout', async () => {
    vi.useFakeTimers();
    const hang = (async (_u: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_r, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))))) as typeof fetch;
    const lookup = createPublicIpLookup({ v4Url: '/a', v6Url: '/b', fetch: hang });
    const result = lookup();
    await vi.advanceTimersByTimeAsync(5000);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await result).toBeNull();
  });
});
