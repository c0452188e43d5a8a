import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CHANNEL_HEADERS,
  acceptHandshake,
  base64ToBytes,
  base64UrlToBytes,
  bytesToBase64,
  bytesToBase64Url,
  completeClientHandshake,
  createClientKeyPair,
  decryptPayload,
  encryptPayload,
  importChannelKeys,
  openResponse,
  responseAad,
  sealRequest,
  sealUpload,
  sha256Hex,
  sign,
  verify,
  type ChannelKeys,
} from '../src/secure-channel.ts';

const CHANNEL_ID = 'AAECAwQFBgcICQoLDA0ODw';

/** Both ends of a fresh channel: the client's keys and the server's (imported from rawKeys). */
async function pair(channelId = CHANNEL_ID): Promise<{ client: ChannelKeys; server: ChannelKeys; rawKeys: Uint8Array }> {
  const kp = await createClientKeyPair();
  const accepted = await acceptHandshake(kp.publicKey, channelId);
  const client = await completeClientHandshake(kp.privateKey, { ChannelId: channelId, ServerPublicKey: accepted.serverPublicKey });
  const server = await importChannelKeys(channelId, accepted.rawKeys);
  return { client, server, rawKeys: accepted.rawKeys };
}

/** What the server plugin does for a 2xx JSON response: the envelope, its tag covering "RESPONSE" \n path. */
async function sealResponse(keys: ChannelKeys, path: string, json: string): Promise<string> {
  return JSON.stringify({ EncryptedPayload: await encryptPayload(keys, json, responseAad(path)) });
}

describe('handshake and key agreement (§7)', () => {
  it('sends a 65-byte uncompressed P-256 point and keeps the private key non-extractable', async () => {
    const kp = await createClientKeyPair();
    const raw = base64ToBytes(kp.publicKey);
    expect(raw.length).toBe(65);
    expect(raw[0]).toBe(0x04);
    expect(kp.privateKey.extractable).toBe(false);
    expect(kp.privateKey.algorithm.name).toBe('ECDH');
  });

  it('gives both sides the same keys: what one encrypts and signs, the other decrypts and verifies', async () => {
    const { client, server, rawKeys } = await pair();
    expect(rawKeys.length).toBe(64);
    expect(client.channelId).toBe(CHANNEL_ID);
    expect(await decryptPayload(server, await encryptPayload(client, '{"a":"from client"}'))).toBe('{"a":"from client"}');
    expect(await decryptPayload(client, await encryptPayload(server, 'from server ✓'))).toBe('from server ✓');
    const sig = await sign(client, ['POST', '/x', '1', 'n', 'body']);
    expect(await verify(server, ['POST', '/x', '1', 'n', 'body'], sig)).toBe(true);
  });

  it('derives keys as HKDF-SHA256(ECDH secret, salt = UTF-8(ChannelId), info = "paydesk-channel-v1") → AES ‖ HMAC', async () => {
    // Independent recomputation of the derivation from two raw key pairs.
    const a = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const accepted = await acceptHandshake(bytesToBase64(new Uint8Array(await crypto.subtle.exportKey('raw', a.publicKey))), CHANNEL_ID);
    const serverPub = await crypto.subtle.importKey('raw', base64ToBytes(accepted.serverPublicKey), { name: 'ECDH', namedCurve: 'P-256' }, true, []);
    const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: serverPub }, a.privateKey, 256);
    const ikm = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveBits']);
    const te = new TextEncoder();
    const okm = new Uint8Array(
      await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: te.encode(CHANNEL_ID), info: te.encode('paydesk-channel-v1') }, ikm, 512),
    );
    expect(Array.from(accepted.rawKeys)).toEqual(Array.from(okm));
    // And the split: the last 32 bytes are the HMAC key.
    const keys = await importChannelKeys(CHANNEL_ID, okm);
    const hmac = await crypto.subtle.importKey('raw', okm.slice(32), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const expected = bytesToBase64(new Uint8Array(await crypto.subtle.sign('HMAC', hmac, te.encode('a\nb'))));
    expect(await sign(keys, ['a', 'b'])).toBe(expected);
  });

  it('derives different keys for a different channel id', async () => {
    const kp = await createClientKeyPair();
    const accepted = await acceptHandshake(kp.publicKey, 'channel-one');
    const client = await completeClientHandshake(kp.privateKey, { ChannelId: 'channel-two', ServerPublicKey: accepted.serverPublicKey });
    const server = await importChannelKeys('channel-one', accepted.rawKeys);
    await expect(decryptPayload(server, await encryptPayload(client, 'x'))).rejects.toThrow();
  });

  it('imports non-extractable keys and refuses key material that is not 64 bytes', async () => {
    const { server } = await pair();
    expect(server.aesKey.extractable).toBe(false);
    expect(server.hmacKey.extractable).toBe(false);
    await expect(importChannelKeys(CHANNEL_ID, new Uint8Array(32))).rejects.toThrow(/64 bytes/);
  });

  it('rejects an invalid client public key', async () => {
    await expect(acceptHandshake('not base64!', CHANNEL_ID)).rejects.toThrow();
    await expect(acceptHandshake(bytesToBase64(new Uint8Array(33).fill(2)), CHANNEL_ID)).rejects.toThrow(/P-256/);
    const offCurve = new Uint8Array(65).fill(1);
    offCurve[0] = 4;
    await expect(acceptHandshake(bytesToBase64(offCurve), CHANNEL_ID)).rejects.toThrow();
  });
});

describe('payload encryption', () => {
  it('produces iv(12) ‖ ciphertext ‖ tag(16) with a fresh iv each time', async () => {
    const { client } = await pair();
    const a = await encryptPayload(client, 'hello');
    const b = await encryptPayload(client, 'hello');
    expect(base64ToBytes(a).length).toBe(12 + 5 + 16);
    expect(a).not.toBe(b);
  });

  it('throws on a tampered ciphertext, iv or tag, on a truncated payload and on non-base64', async () => {
    const { client, server } = await pair();
    const sealed = base64ToBytes(await encryptPayload(client, '{"amount":"10.00"}'));
    for (const index of [0, 11, 12, sealed.length - 1]) {
      const tampered = sealed.slice();
      tampered[index]! ^= 0x01;
      await expect(decryptPayload(server, bytesToBase64(tampered))).rejects.toThrow();
    }
    await expect(decryptPayload(server, bytesToBase64(sealed.slice(0, 20)))).rejects.toThrow(/too short/);
    await expect(decryptPayload(server, '***')).rejects.toThrow(/base64/);
  });

  it('decrypt(encrypt(s)) === s for arbitrary unicode strings', async () => {
    const { client, server } = await pair();
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), async (s) => {
        expect(await decryptPayload(server, await encryptPayload(client, s))).toBe(s);
      }),
      { numRuns: 300 },
    );
  });
});

describe('signatures', () => {
  it('verifies the same parts and rejects any change, a wrong key or a malformed signature', async () => {
    const { client, server } = await pair();
    const other = (await pair()).server;
    const parts = ['GET', '/api/portal/Transaction/Ecommerce/Get/5', '1700000000000', 'abc', ''];
    const sig = await sign(client, parts);
    expect(base64ToBytes(sig).length).toBe(32);
    expect(await verify(server, parts, sig)).toBe(true);
    expect(await verify(server, [...parts.slice(0, 4), 'x'], sig)).toBe(false);
    expect(await verify(server, ['POST', ...parts.slice(1)], sig)).toBe(false);
    // Joined by "\n": moving the separator changes the signed string.
    expect(await verify(server, ['GET\n/api', '/portal'], await sign(client, ['GET', '/api/portal']))).toBe(false);
    expect(await verify(other, parts, sig)).toBe(false);
    expect(await verify(server, parts, 'not base64')).toBe(false);
    expect(await verify(server, parts, bytesToBase64(new Uint8Array(31)))).toBe(false);
  });
});

describe('sealRequest / openResponse', () => {
  it('seals a body as {EncryptedPayload} and signs METHOD, path, timestamp, nonce and the exact body text', async () => {
    const { client, server } = await pair();
    const path = '/api/portal/Transaction/Ecommerce/Search?x=1';
    const sealed = await sealRequest(client, 'post', path, { PageIndex: 1, Name: 'Kedai Runcit Ah Beng' }, 1_700_000_000_123);
    const h = sealed.headers;
    expect(h[CHANNEL_HEADERS.channel]).toBe(CHANNEL_ID);
    expect(h[CHANNEL_HEADERS.timestamp]).toBe('1700000000123');
    expect(base64UrlToBytes(h[CHANNEL_HEADERS.nonce]!).length).toBe(16);
    expect(h['Content-Type']).toBe('application/json');
    const wire = JSON.parse(sealed.body!) as Record<string, unknown>;
    expect(Object.keys(wire)).toEqual(['EncryptedPayload']);
    expect(JSON.parse(await decryptPayload(server, wire.EncryptedPayload as string))).toEqual({ PageIndex: 1, Name: 'Kedai Runcit Ah Beng' });
    const parts = ['POST', path, '1700000000123', h[CHANNEL_HEADERS.nonce]!, sealed.body!];
    expect(await verify(server, parts, h[CHANNEL_HEADERS.signature]!)).toBe(true);
  });

  it('sends no body when body is undefined and signs the empty string', async () => {
    const { client, server } = await pair();
    const sealed = await sealRequest(client, 'GET', '/api/portal/Home/GetCurrency');
    expect(sealed.body).toBeUndefined();
    expect(sealed.headers['Content-Type']).toBeUndefined();
    const h = sealed.headers;
    const parts = ['GET', '/api/portal/Home/GetCurrency', h[CHANNEL_HEADERS.timestamp]!, h[CHANNEL_HEADERS.nonce]!, ''];
    expect(await verify(server, parts, h[CHANNEL_HEADERS.signature]!)).toBe(true);
  });

  it('uses a fresh nonce per request', async () => {
    const { client } = await pair();
    const a = await sealRequest(client, 'GET', '/p');
    const b = await sealRequest(client, 'GET', '/p');
    expect(a.headers[CHANNEL_HEADERS.nonce]).not.toBe(b.headers[CHANNEL_HEADERS.nonce]);
  });

  it('refuses a body with no JSON representation', async () => {
    const { client } = await pair();
    await expect(sealRequest(client, 'POST', '/p', () => 1)).rejects.toThrow(TypeError);
  });

  it('opens an encrypted response whose tag covers its path', async () => {
    const { client, server } = await pair();
    const path = '/api/portal/Home/GetCurrency';
    const body = await sealResponse(server, path, '[{"Id":1,"CurrencyCode":"MYR"}]');
    expect(await openResponse(client, path, body)).toEqual([{ Id: 1, CurrencyCode: 'MYR' }]);
  });

  it('throws SEC401 for any answer it cannot authenticate: tampered, misdirected, another channel\'s, a request body', async () => {
    const { client, server } = await pair();
    const other = (await pair('EBESExQVFhcYGRobHB0eHw')).server;
    const forgeries: Record<string, (path: string, json: string, byte: number) => Promise<string>> = {
      'a flipped byte': async (path, json, byte) => {
        const raw = base64ToBytes((JSON.parse(await sealResponse(server, path, json)) as { EncryptedPayload: string }).EncryptedPayload);
        raw[byte % raw.length]! ^= 1 << (byte % 8);
        return JSON.stringify({ EncryptedPayload: bytesToBase64(raw) });
      },
      'sealed for another path': (path, json) => sealResponse(server, `${path}/x`, json),
      "another channel's key": (path, json) => sealResponse(other, path, json),
      'a request body (no additional data)': async (_path, json) => JSON.stringify({ EncryptedPayload: await encryptPayload(server, json) }),
      'an extra key in the envelope': async (path, json) => JSON.stringify({ ...(JSON.parse(await sealResponse(server, path, json)) as object), Extra: 1 }),
      'not base64': async () => JSON.stringify({ EncryptedPayload: '%%%' }),
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(forgeries)),
        fc.stringMatching(/^\/api\/portal\/[A-Za-z0-9/?=&%-]{0,40}$/),
        fc.json(),
        fc.nat(),
        async (kind, path, json, byte) => {
          await expect(openResponse(client, path, await forgeries[kind]!(path, json, byte))).rejects.toThrow('SEC401');
          // The genuine answer still opens.
          expect(await openResponse(client, path, await sealResponse(server, path, json))).toEqual(JSON.parse(json));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('throws SEC400 when an authentic payload is not JSON', async () => {
    const { client, server } = await pair();
    await expect(openResponse(client, '/p', await sealResponse(server, '/p', 'not json'))).rejects.toThrow('SEC400');
  });

  it('returns unencrypted error bodies unchanged and an empty body as undefined', async () => {
    const { client } = await pair();
    const err = { ErrorCode: 'SEC409', ErrorMessage: 'Request was already received (replayed nonce)' };
    expect(await openResponse(client, '/p', JSON.stringify(err))).toEqual(err);
    expect(await openResponse(client, '/p', '')).toBeUndefined();
  });
});

describe('sealUpload (multipart bound to the channel)', () => {
  it('hashes with SHA-256 as lower-case hex', async () => {
    expect(await sha256Hex(new TextEncoder().encode('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex(new Uint8Array(0))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('signs METHOD, path, timestamp, nonce and the hex SHA-256 of the exact body bytes', async () => {
    const { client, server } = await pair();
    const body = new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nx,y\r\n--b--\r\n');
    const { headers } = await sealUpload(client, 'post', '/api/portal/Bank/BulkUpload', body, 1767225600000.7);
    expect(Object.keys(headers).sort()).toEqual([CHANNEL_HEADERS.channel, CHANNEL_HEADERS.nonce, CHANNEL_HEADERS.signature, CHANNEL_HEADERS.timestamp].sort());
    expect(headers[CHANNEL_HEADERS.channel]).toBe(CHANNEL_ID);
    expect(headers[CHANNEL_HEADERS.timestamp]).toBe('1767225600000');
    expect(base64UrlToBytes(headers[CHANNEL_HEADERS.nonce]!)).toHaveLength(16);
    const parts = ['POST', '/api/portal/Bank/BulkUpload', '1767225600000', headers[CHANNEL_HEADERS.nonce]!, await sha256Hex(body)];
    expect(await verify(server, parts, headers[CHANNEL_HEADERS.signature]!)).toBe(true);
    const other = body.slice();
    other[other.length - 5] = other[other.length - 5]! ^ 1;
    expect(await verify(server, [...parts.slice(0, 4), await sha256Hex(other)], headers[CHANNEL_HEADERS.signature]!)).toBe(false);
  });
});

describe('base64 helpers', () => {
  it('round-trip bytes and reject malformed input', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        expect(Array.from(base64ToBytes(bytesToBase64(bytes)))).toEqual(Array.from(bytes));
        const url = bytesToBase64Url(bytes);
        expect(url).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(Array.from(base64UrlToBytes(url))).toEqual(Array.from(bytes));
      }),
      { numRuns: 200 },
    );
    expect(() => base64ToBytes('abc')).toThrow();
    expect(() => base64ToBytes('ab c')).toThrow();
    expect(() => base64UrlToBytes('a+b/')).toThrow();
    expect(() => base64UrlToBytes('abcde')).toThrow();
  });
});
