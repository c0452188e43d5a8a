/**
 * How the built web app is served (first-load budgets): hashed assets pre-compressed and
 * cached for good, the HTML never stored. Runs the real server over a small build folder written
 * here, laid out as `vite build` and apps/web/scripts/precompress.ts leave it.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE, cacheControlFor } from '../../src/web-pages.ts';
import { startTestServer, type TestServer } from './harness.ts';

const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
const ASSET = '/assets/index-Ab12Cd34.js';

let dist: string;
let server: TestServer;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'paydesk-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>Portal</title><script type="module" src="${ASSET}"></script>`);
  writeFileSync(join(dist, ASSET), SCRIPT);
  writeFileSync(join(dist, `${ASSET}.br`), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, `${ASSET}.gz`), gzipSync(SCRIPT));
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
  server = await startTestServer({ transactions: 10, config: { webDist: dist } });
});

afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers, redirect: 'manual' });

describe('built assets', () => {
  it('answers brotli to a browser that accepts it, cached for a year and marked immutable', async () => {
    const res = await get(ASSET, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    // fetch decodes the body: what arrives is the script itself.
    expect(await res.text()).toBe(SCRIPT);
  });

  it('answers gzip when brotli is not accepted, and the file itself when nothing is', async () => {
    const gz = await get(ASSET, { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    expect(await gz.text()).toBe(SCRIPT);

    const plain = await get(ASSET, { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('sends the compressed bytes the build wrote (no compression per request)', async () => {
    const { request } = await import('undici');
    const br = await request(`${server.url}${ASSET}`, { headers: { 'accept-encoding': 'br' } });
    const bytes = Buffer.from(await br.body.arrayBuffer());
    expect(bytes.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(bytes).toString()).toBe(SCRIPT);
    const gz = await request(`${server.url}${ASSET}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(Buffer.from(await gz.body.arrayBuffer())).toString()).toBe(SCRIPT);
  });

  it('never stores the HTML, at /auth or as a file', async () => {
    const page = await get('/auth', { 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const file = await get('/index.html');
    expect(file.headers.get('cache-control')).toBe('no-store');
  });

  it('revalidates a file outside assets/ (not named by its hash)', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['assets/index-Ab12Cd34.js', IMMUTABLE_CACHE],
    ['assets/index-Ab12Cd34.js.br', IMMUTABLE_CACHE],
    ['assets/index-Ab12Cd34.css.gz', IMMUTABLE_CACHE],
    ['assets\\charts-Zz99.js', IMMUTABLE_CACHE],
    ['index.html', 'no-store'],
    ['index.html.br', 'no-store'],
    ['nested/page.html', 'no-store'],
    ['robots.txt', 'no-cache'],
    ['favicon.ico', 'no-cache'],
    ['not-assets/x.js', 'no-cache'],
  ])('%s → %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});
