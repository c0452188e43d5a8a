import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHANNEL_HEADERS,
  completeClientHandshake,
  createClientKeyPair,
  encryptPayload,
  openResponse,
  sealRequest,
  sign,
  type ChannelKeys,
} from '@paydesk/contract';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { installErrorHandlers } from '../../src/platform/errors.ts';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { secureChannelPlugin } from '../../src/platform/secure-channel.ts';

const ECHO = '/api/portal/test/Echo';
const WHOAMI = '/api/portal/test/WhoAmI';
const PLAIN = '/api/portal/test/Plain';
const FAIL = '/api/portal/test/Fail';
const FILE = '/api/portal/test/File';
const SIX_MINUTES = 6 * 60 * 1000;

let database: Database;
let app: FastifyInstance;
const kek = new Uint8Array(randomBytes(32));

async function buildApp(key: Uint8Array): Promise<FastifyInstance> {
  const a = Fastify();
  // The handshake is registered from the route table, whose schemas are zod.
  a.setValidatorCompiler(validatorCompiler);
  a.setSerializerCompiler(serializerCompiler);
  // Refusals are thrown as AppError; the app's error handler turns them into {ErrorCode, ErrorMessage}.
  installErrorHandlers(a);
  await a.register(secureChannelPlugin, { database, kek: key });
  a.post(ECHO, { config: { encrypted: true } }, async (req) => ({ echo: req.body }));
  a.get(WHOAMI, { config: { encrypted: true } }, async (req) => ({ channelId: req.channel?.channelId, body: req.body, query: req.query }));
  a.post(PLAIN, async (req) => ({ plain: req.body, channel: req.channel ?? null }));
  a.post(FAIL, { config: { encrypted: true } }, async (_req, reply) => reply.code(404).send({ ErrorCode: 'NF404', ErrorMessage: 'Thing not found' }));
  a.get(FILE, { config: { encrypted: true } }, async (_req, reply) =>
    reply.header('content-type', 'application/vnd.ms-excel').header('content-disposition', 'attachment; filename="report.xls"').send(Buffer.from('cells')),
  );
  await a.ready();
  return a;
}

async function handshake(target: FastifyInstance): Promise<ChannelKeys> {
  const kp = await createClientKeyPair();
  const res = await target.inject({ method: 'POST', url: '/api/portal/secure/Handshake', payload: { ClientPublicKey: kp.publicKey } });
  expect(res.statusCode).toBe(200);
  return completeClientHandshake(kp.privateKey, res.json());
}

async function send(target: FastifyInstance, method: 'GET' | 'POST', url: string, sealed: { headers: Record<string, string>; body: string | undefined }) {
  return target.inject({ method, url, headers: sealed.headers, ...(sealed.body !== undefined ? { payload: sealed.body } : {}) });
}

function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { ErrorCode: string; ErrorMessage: string };
  expect(body.ErrorCode).toBe(code);
  expect(body.ErrorMessage).toEqual(expect.any(String));
  expect(res.headers['x-signature']).toBeUndefined();
}

beforeAll(async () => {
  database = await openDatabase('memory://');
  app = await buildApp(kek);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('handshake', () => {
  it('answers {ChannelId, ServerPublicKey} and stores the keys wrapped under the kek', async () => {
    const kp = await createClientKeyPair();
    const res = await app.inject({ method: 'POST', url: '/api/portal/secure/Handshake', payload: { ClientPublicKey: kp.publicKey } });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as { ChannelId: string; ServerPublicKey: string };
    expect(answer.ChannelId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(answer.ServerPublicKey, 'base64')).toHaveLength(65);
    const rows = await database.query<{ key_material: string }>('SELECT key_material FROM secure_channels WHERE id = $1', [answer.ChannelId]);
    expect(rows).toHaveLength(1);
    // iv(12) + 64 wrapped bytes + tag(16), not the bare 64 bytes.
    expect(Buffer.from(rows[0]!.key_material, 'base64')).toHaveLength(92);
  });

  it('rejects a missing or invalid ClientPublicKey with VAL400', async () => {
    for (const payload of [{}, { ClientPublicKey: 'x' }, { ClientPublicKey: Buffer.alloc(65, 1).toString('base64') }]) {
      const res = await app.inject({ method: 'POST', url: '/api/portal/secure/Handshake', payload });
      expectError(res, 400, 'VAL400');
      expect((res.json() as { ErrorMessage: string }).ErrorMessage).toMatch(/^ClientPublicKey: /);
    }
    const empty = await app.inject({ method: 'POST', url: '/api/portal/secure/Handshake' });
    expectError(empty, 400, 'VAL400');
  });
});

describe('encrypted routes', () => {
  let keys: ChannelKeys;
  beforeAll(async () => {
    keys = await handshake(app);
  });

  it('round-trips a sealed POST: the handler sees the decrypted body and the response is encrypted and opens', async () => {
    const body = { Amount: '12.50', Note: 'Nasi lemak ✓' };
    const res = await send(app, 'POST', ECHO, await sealRequest(keys, 'POST', ECHO, body));
    expect(res.statusCode).toBe(200);
    const wire = res.json() as Record<string, unknown>;
    expect(Object.keys(wire)).toEqual(['EncryptedPayload']);
    expect(res.body).not.toContain('Nasi');
    // The GCM tag authenticates the answer: no signature headers.
    for (const h of ['x-timestamp', 'x-nonce', 'x-signature']) expect(res.headers[h]).toBeUndefined();
    expect(await openResponse(keys, ECHO, res.body)).toEqual({ echo: body });
  });

  it('round-trips a GET without body (query included in the signed path) and sets request.channel', async () => {
    const url = `${WHOAMI}?Page=2&q=a%20b`;
    const res = await send(app, 'GET', url, await sealRequest(keys, 'GET', url));
    expect(res.statusCode).toBe(200);
    expect(await openResponse(keys, url, res.body)).toEqual({ channelId: keys.channelId, body: {}, query: { Page: '2', q: 'a b' } });
  });

  it('accepts an empty POST, with or without a JSON content type, as body {}', async () => {
    const sealed = await sealRequest(keys, 'POST', ECHO);
    const res = await send(app, 'POST', ECHO, sealed);
    expect(res.statusCode).toBe(200);
    expect(await openResponse(keys, ECHO, res.body)).toEqual({ echo: {} });

    const again = await sealRequest(keys, 'POST', ECHO);
    const withType = await app.inject({ method: 'POST', url: ECHO, headers: { ...again.headers, 'content-type': 'application/json' }, payload: '' });
    expect(withType.statusCode).toBe(200);
    expect(await openResponse(keys, ECHO, withType.body)).toEqual({ echo: {} });
  });

  it('answers SEC401 to a tampered or missing signature, or a body other than the signed one', async () => {
    const sealed = await sealRequest(keys, 'POST', ECHO, { a: 1 });
    const sig = sealed.headers[CHANNEL_HEADERS.signature]!;
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expectError(await send(app, 'POST', ECHO, { ...sealed, headers: { ...sealed.headers, [CHANNEL_HEADERS.signature]: flipped } }), 401, 'SEC401');

    const unsigned: Record<string, string> = { ...sealed.headers };
    delete unsigned[CHANNEL_HEADERS.signature];
    expectError(await send(app, 'POST', ECHO, { ...sealed, headers: unsigned }), 401, 'SEC401');

    const other = await sealRequest(keys, 'POST', ECHO, { a: 2 });
    expectError(await send(app, 'POST', ECHO, { headers: sealed.headers, body: other.body }), 401, 'SEC401');

    // Signed for another path.
    const elsewhere = await sealRequest(keys, 'POST', '/api/portal/test/Other', { a: 1 });
    expectError(await send(app, 'POST', ECHO, elsewhere), 401, 'SEC401');
  });

  it('answers SEC408 to a timestamp 6 minutes old or 6 minutes ahead', async () => {
    expectError(await send(app, 'POST', ECHO, await sealRequest(keys, 'POST', ECHO, { a: 1 }, Date.now() - SIX_MINUTES)), 401, 'SEC408');
    expectError(await send(app, 'GET', WHOAMI, await sealRequest(keys, 'GET', WHOAMI, undefined, Date.now() + SIX_MINUTES)), 401, 'SEC408');
  });

  it('answers SEC409 to the same nonce a second time', async () => {
    const sealed = await sealRequest(keys, 'POST', ECHO, { pay: 'once' });
    const first = await send(app, 'POST', ECHO, sealed);
    expect(first.statusCode).toBe(200);
    expectError(await send(app, 'POST', ECHO, sealed), 401, 'SEC409');
  });

  it('answers SEC404 to an unknown or missing channel', async () => {
    const stranger = { ...keys, channelId: 'AAAAAAAAAAAAAAAAAAAAAA' };
    expectError(await send(app, 'POST', ECHO, await sealRequest(stranger, 'POST', ECHO, { a: 1 })), 401, 'SEC404');
    expectError(await app.inject({ method: 'GET', url: WHOAMI }), 401, 'SEC404');
    expectError(await send(app, 'GET', WHOAMI, await sealRequest({ ...keys, channelId: 'not a channel id' }, 'GET', WHOAMI)), 401, 'SEC404');
  });

  it('answers SEC400 to a signed body that is not {EncryptedPayload}, does not decrypt or is not JSON', async () => {
    const bodies = [
      JSON.stringify({ EncryptedPayload: 'garbage!!' }),
      JSON.stringify({ EncryptedPayload: Buffer.alloc(40, 7).toString('base64') }),
      JSON.stringify({ EncryptedPayload: await encryptPayload(keys, 'not json') }),
      JSON.stringify({ Amount: '1.00' }),
      JSON.stringify({ EncryptedPayload: await encryptPayload(keys, '{}'), Extra: 1 }),
      '{not json',
    ];
    for (const body of bodies) {
      const timestamp = String(Date.now());
      const nonce = randomBytes(16).toString('base64url');
      const headers = {
        'content-type': 'application/json',
        [CHANNEL_HEADERS.channel]: keys.channelId,
        [CHANNEL_HEADERS.timestamp]: timestamp,
        [CHANNEL_HEADERS.nonce]: nonce,
        [CHANNEL_HEADERS.signature]: await sign(keys, ['POST', ECHO, timestamp, nonce, body]),
      };
      expectError(await app.inject({ method: 'POST', url: ECHO, headers, payload: body }), 400, 'SEC400');
    }
  });

  it('leaves error responses and file responses of encrypted routes unencrypted', async () => {
    const failed = await send(app, 'POST', FAIL, await sealRequest(keys, 'POST', FAIL, {}));
    expect(failed.statusCode).toBe(404);
    expect(failed.json()).toMatchObject({ ErrorCode: 'NF404', ErrorMessage: 'Thing not found' });
    expect(failed.headers['x-signature']).toBeUndefined();
    expect(await openResponse(keys, FAIL, failed.body)).toMatchObject({ ErrorCode: 'NF404', ErrorMessage: 'Thing not found' });

    const file = await send(app, 'GET', FILE, await sealRequest(keys, 'GET', FILE));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.body).toBe('cells');
    expect(file.headers['x-signature']).toBeUndefined();
  });

  it('serves a channel from the database to another instance with the same kek, and not with another kek', async () => {
    const sameKek = await buildApp(kek);
    const otherKek = await buildApp(new Uint8Array(randomBytes(32)));
    try {
      const ok = await send(sameKek, 'POST', ECHO, await sealRequest(keys, 'POST', ECHO, { n: 1 }));
      expect(ok.statusCode).toBe(200);
      expect(await openResponse(keys, ECHO, ok.body)).toEqual({ echo: { n: 1 } });
      expectError(await send(otherKek, 'POST', ECHO, await sealRequest(keys, 'POST', ECHO, { n: 2 })), 401, 'SEC404');
    } finally {
      await sameKek.close();
      await otherKek.close();
    }
  });
});

describe('servers sharing the nonces (the database decides)', () => {
  const READ = '/api/portal/test/Read';
  const READ_FAIL = '/api/portal/test/ReadFail';
  const WRITE = '/api/portal/test/Write';
  /** Handler runs per route in the current case. */
  let runs: Record<string, number> = {};

  /** A server on the shared database with a read answering 200, a read answering 404 and a write. */
  async function sharedServer(): Promise<FastifyInstance> {
    const a = Fastify();
    a.setValidatorCompiler(validatorCompiler);
    a.setSerializerCompiler(serializerCompiler);
    installErrorHandlers(a);
    await a.register(secureChannelPlugin, { database, kek, sharedNonces: true });
    const count = (route: string) => (runs[route] = (runs[route] ?? 0) + 1);
    a.get(READ, { config: { encrypted: true, readOnly: true } }, async () => (count(READ), { read: 'ok' }));
    a.get(READ_FAIL, { config: { encrypted: true, readOnly: true } }, async (_req, reply) => (count(READ_FAIL), reply.code(404).send({ ErrorCode: 'NF404', ErrorMessage: 'Thing not found' })));
    a.post(WRITE, { config: { encrypted: true } }, async (req) => (count(WRITE), { wrote: req.body }));
    await a.ready();
    return a;
  }

  it('answers one copy of a sealed request and SEC409 (nothing sealed) to every other, whichever servers the copies reach and however they overlap; a write runs once, a read at most once a server', async () => {
    const servers = [await sharedServer(), await sharedServer(), await sharedServer()];
    try {
      const keys = await handshake(servers[0]!);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(READ, READ_FAIL, WRITE),
          // Each copy: the server it reaches, and whether it is sent with the one before (not awaited between).
          fc.array(fc.record({ server: fc.nat(2), withPrevious: fc.boolean() }), { minLength: 2, maxLength: 6 }),
          async (route, copies) => {
            runs = {};
            const method = route === WRITE ? 'POST' : 'GET';
            const sealed = await sealRequest(keys, method, route, method === 'POST' ? { n: 1 } : undefined);
            const answers: LightMyRequestResponse[] = [];
            const wave: Promise<LightMyRequestResponse>[] = [];
            for (const copy of copies) {
              if (!copy.withPrevious) answers.push(...(await Promise.all(wave.splice(0))));
              wave.push(send(servers[copy.server]!, method, route, sealed));
            }
            answers.push(...(await Promise.all(wave)));
            const refused = (r: LightMyRequestResponse) => r.statusCode === 401 && (r.json() as { ErrorCode: string }).ErrorCode === 'SEC409';
            const served = answers.filter((r) => !refused(r));
            expect(served).toHaveLength(1);
            const [answer] = served;
            if (route === READ_FAIL) expect(answer!.json()).toMatchObject({ ErrorCode: 'NF404', ErrorMessage: 'Thing not found' });
            else expect(await openResponse(keys, route, answer!.body)).toEqual(route === READ ? { read: 'ok' } : { wrote: { n: 1 } });
            for (const r of answers) if (r !== answer) expectError(r, 401, 'SEC409');
            if (route === WRITE) expect(runs[WRITE]).toBe(1);
            else expect(runs[route]).toBeLessThanOrEqual(new Set(copies.map((c) => c.server)).size);
          },
        ),
        { numRuns: 40 },
      );
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  }, 60_000);
});

describe('unencrypted routes', () => {
  it('are untouched: plain JSON in and out, no channel, no signature headers', async () => {
    const res = await app.inject({ method: 'POST', url: PLAIN, payload: { Hello: 'world' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ plain: { Hello: 'world' }, channel: null });
    expect(res.headers['x-signature']).toBeUndefined();
    expect(res.headers['x-nonce']).toBeUndefined();
  });

  it('still reject malformed JSON bodies', async () => {
    const res = await app.inject({ method: 'POST', url: PLAIN, headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(res.statusCode).toBe(400);
  });
});

describe('registration', () => {
  it('refuses a kek that is not 32 bytes', async () => {
    const a = Fastify();
    await expect(a.register(secureChannelPlugin, { database, kek: new Uint8Array(16) })).rejects.toThrow(/32 bytes/);
    await a.close().catch(() => undefined);
  });
});
