/**
 * POST /api/portal/MessageTemplate/Preview {TemplateKey, Body, Values?} (permission
 * messagetemplate:view): the body with the given values put in, the placeholders used without a
 * value (Missing) and those the key does not offer (Unknown). Plain text; nothing is stored.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { allowedPlaceholders, renderTemplate, type MessageTemplatePreviewRequest } from '@paydesk/contract';
import { RULE_MESSAGES } from '@paydesk/domain';
import { badInput } from '../../platform/errors.ts';

export async function previewHandler(req: FastifyRequest) {
  const { TemplateKey, Body, Values } = req.body as z.infer<typeof MessageTemplatePreviewRequest>;
  if (!allowedPlaceholders(TemplateKey)) throw badInput('TemplateKey', RULE_MESSAGES.templateKey);
  return renderTemplate(TemplateKey, Body, Values ?? {});
}
