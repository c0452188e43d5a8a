/**
 * Graceful shutdown, server side: from the moment `app.close()` begins, every answer
 * carries `Connection: close`, so a keep-alive connection whose request was in flight ends with
 * its answer instead of holding the close open until the keep-alive timeout, and `isDraining`
 * tells /readyz to answer 503. (main.ts turns SIGTERM into `app.close()`.)
 */
import type { FastifyInstance } from 'fastify';

/** Installs the draining hooks; the returned function tells whether the server is closing. */
export function installDraining(app: FastifyInstance): () => boolean {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  // A callback hook: it never waits, so no promise per request.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  return () => draining;
}
