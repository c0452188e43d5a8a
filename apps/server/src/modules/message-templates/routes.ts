/** /message-template beside the resource engine: the preview. */
import type { FastifyInstance } from 'fastify';
import { operation } from '../../platform/operation.ts';
import { preview } from './preview.ts';

export function messageTemplateRoutes(app: FastifyInstance): void {
  operation(app, 'messageTemplatePreview', async (input) => preview(input));
}
