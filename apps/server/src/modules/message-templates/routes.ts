/** /message-template beside the resource engine: the preview. */
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/route.ts';
import { previewHandler } from './preview.ts';

export function messageTemplateRoutes(app: FastifyInstance): void {
  registerRoute(app, 'messageTemplatePreview', previewHandler);
}
