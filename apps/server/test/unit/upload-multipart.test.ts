/**
 * installUploadMultipart (platform/upload-multipart.ts): @fastify/multipart's per-request hooks
 * run on upload routes only, and an upload route still reads its file.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installUploadMultipart } from '../../src/platform/upload-multipart.ts';

let app: FastifyInstance;
/** What the plugin's onRequest hook adds: one 'close' listener on the response. */
const closeListeners = (raw: { listenerCount(event: string): number }) => raw.listenerCount('close');

beforeAll(async () => {
  app = Fastify();
  await installUploadMultipart(app, { limits: { fileSize: 1024, files: 1 } });
  app.post('/upload', { config: { upload: true } }, async (req, reply) => {
    const file = await req.file();
    return { closeListeners: closeListeners(reply.raw), name: file?.filename, bytes: (await file?.toBuffer())?.length };
  });
  app.post('/plain', async (req, reply) => ({ closeListeners: closeListeners(reply.raw), multipart: req.isMultipart() }));
  await app.ready();
});
afterAll(async () => app?.close());

function form(boundary: string, name: string, content: string): string {
  return [`--${boundary}`, `Content-Disposition: form-data; name="file"; filename="${name}"`, 'Content-Type: text/plain', '', content, `--${boundary}--`, ''].join('\r\n');
}

describe('multipart on upload routes only', () => {
  it('reads the file of an upload route, whose response carries the plugin hook; another route has no such hook', async () => {
    const boundary = 'paydesk-test-boundary';
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const upload = await app.inject({ method: 'POST', url: '/upload', headers, payload: form(boundary, 'a.txt', 'hello') });
    const plain = await app.inject({ method: 'POST', url: '/plain', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(upload.statusCode).toBe(200);
    expect(plain.statusCode).toBe(200);
    const u = upload.json<{ closeListeners: number; name: string; bytes: number }>();
    const p = plain.json<{ closeListeners: number; multipart: boolean }>();
    expect([u.name, u.bytes]).toEqual(['a.txt', 5]);
    expect(p.multipart).toBe(false);
    expect(u.closeListeners).toBe(p.closeListeners + 1);
  });
});
