/** Manifest (platform/module-manifest.ts): the message template routes. */
import type { ModuleManifest } from '../../platform/module-manifest.ts';
import { messageTemplateRoutes } from './routes.ts';

export const manifest: ModuleManifest = {
  name: 'message-templates',
  routes: messageTemplateRoutes,
};
