/**
 * @fastify/multipart for the upload routes (`upload: true` in the route table) only. The plugin
 * adds two hooks to every request of the app — an async onRequest that listens for the socket's
 * close and an async onResponse, both there to delete files a handler saved to disk — which only
 * a multipart request can need: here they are attached to the upload routes and to no other, so
 * every other request skips two promises and a listener (bench/api.bench.ts). Its content-type
 * parser and request decorators stay app-wide: a multipart body sent to another route is still
 * refused by that route's schema.
 */
import type { FastifyInstance, onRequestHookHandler, onResponseHookHandler } from 'fastify';
import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import { hookList } from './route.ts';

/**
 * Registers @fastify/multipart with `opts` on `app`, its per-request hooks on upload routes only.
 * Call it before any route is declared. Rejects with the plugin's own error.
 */
export async function installUploadMultipart(app: FastifyInstance, opts: FastifyMultipartOptions): Promise<void> {
  const onRequest: onRequestHookHandler[] = [];
  const onResponse: onResponseHookHandler[] = [];
  // The app as the plugin sees it: the same instance, except that the per-request hooks it adds
  // are kept aside for the upload routes.
  const capture: FastifyInstance = new Proxy(app, {
    get(target, prop) {
      if (prop !== 'addHook') return Reflect.get(target, prop, target) as unknown;
      return (name: string, hook: never) => {
        if (name === 'onRequest') onRequest.push(hook);
        else if (name === 'onResponse') onResponse.push(hook);
        else target.addHook(name as 'onClose', hook);
        return capture;
      };
    },
  });
  app.addHook('onRoute', (route) => {
    if (route.config?.upload !== true) return;
    route.onRequest = [...hookList(route.onRequest), ...onRequest];
    route.onResponse = [...hookList(route.onResponse), ...onResponse];
  });
  await new Promise<void>((resolve, reject) => multipart(capture, opts, (err?: Error) => (err ? reject(err) : resolve())));
}
