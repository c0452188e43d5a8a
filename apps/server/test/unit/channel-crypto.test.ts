/**
 * The server's Node-crypto channel primitives (platform/channel-crypto.ts) against the contract's
 * WebCrypto reference (packages/contract/src/secure-channel.ts): same keys, byte-compatible
 * signatures and envelopes both ways, and the same refusals.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decryptPayload, encryptPayload, importChannelKeys, responseAad, sign, verify } from '@paydesk/contract';
import { decryptText, encryptText, freshRandom, serverChannel, signParts, verifyParts } from '../../src/platform/channel-crypto.ts';

async function pair() {
  const raw = new Uint8Array(randomBytes(64));
  return { web: await importChannelKeys('q3Zl0yO0b1m9sQ2nC4d6_A', raw), node: serverChannel('q3Zl0yO0b1m9sQ2nC4d6_A', raw) };
}

describe('channel crypto on the server', () => {
  it('signs exactly as the contract does, and each side verifies the other', async () => {
    const { web, node } = await pair();
    const parts = ['POST', '/api/portal/Transaction/Ecommerce/Search?x=a%20b', '1767225600000', 'nonce-nonce-nonce-1', '{"EncryptedPayload":"…✓"}'];
    const mine = signParts(node, parts);
    expect(mine).toBe(await sign(web, parts));
    expect(await verify(web, parts, mine)).toBe(true);
    expect(verifyParts(node, parts, await sign(web, parts))).toBe(true);
  });

  it('refuses a wrong, truncated, non-canonical or malformed signature without throwing', async () => {
    const { node } = await pair();
    const parts = ['GET', '/p', '1', 'n', ''];
    const good = signParts(node, parts);
    expect(verifyParts(node, ['GET', '/p', '1', 'n', 'x'], good)).toBe(false);
    expect(verifyParts(node, parts, good.slice(0, 43))).toBe(false);
    expect(verifyParts(node, parts, `${good.slice(0, 42)}!=`)).toBe(false);
    expect(verifyParts(node, parts, '')).toBe(false);
    // The same 32 bytes written with other (unused) trailing bits is not the signature that was made.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const sibling = `${good.slice(0, 42)}${alphabet[alphabet.indexOf(good[42]!) ^ 1]}=`;
    expect(Buffer.from(sibling, 'base64').equals(Buffer.from(good, 'base64'))).toBe(true);
    expect(verifyParts(node, parts, sibling)).toBe(false);
  });

  it('encrypts envelopes the contract opens, and opens the contract’s', async () => {
    const { web, node } = await pair();
    const text = JSON.stringify({ Amount: '12.50', Note: 'Nasi lemak ✓ 你好' });
    expect(await decryptPayload(web, encryptText(node, text))).toBe(text);
    expect(decryptText(node, await encryptPayload(web, text))).toBe(text);
    expect(encryptText(node, text)).not.toBe(encryptText(node, text));
  });

  it('seals answers the contract opens with their path as additional data (unicode and query paths included), and no other path', async () => {
    const { web, node } = await pair();
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme' }), fc.webPath(), fc.webQueryParameters(), async (text, path, query) => {
        const target = `/api/portal${path}${query ? `?${query}` : ''}`;
        const sealed = encryptText(node, text, responseAad(target));
        expect(await decryptPayload(web, sealed, responseAad(target))).toBe(text);
        await expect(decryptPayload(web, sealed, responseAad(`${target}#`))).rejects.toThrow();
        await expect(decryptPayload(web, sealed)).rejects.toThrow();
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a tampered, truncated, non-base64 or other-key payload', async () => {
    const { node } = await pair();
    const { node: other } = await pair();
    const sealed = encryptText(node, '{"a":1}');
    const bytes = Buffer.from(sealed, 'base64');
    bytes[14] = bytes[14]! ^ 1;
    expect(() => decryptText(node, bytes.toString('base64'))).toThrow();
    expect(() => decryptText(node, Buffer.alloc(20).toString('base64'))).toThrow();
    expect(() => decryptText(node, 'garbage!!')).toThrow();
    expect(() => decryptText(other, sealed)).toThrow();
  });

  it('hands out fresh random bytes across pool refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) seen.add(freshRandom(16).toString('hex'));
    expect(seen.size).toBe(1000);
  });
});
