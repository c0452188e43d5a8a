/**
 * POST /api/portal/MessageTemplate/Preview {TemplateKey, Body, Values?} (permission
 * messagetemplate:view): the body with the given values put in, the placeholders used without a
 * value (Missing) and those the key does not offer (Unknown). Plain text; nothing is stored.
 */
import type { z } from 'zod';
import { allowedPlaceholders, renderTemplate, type MessageTemplatePreviewRequest } from '@paydesk/contract';
import { RULE_MESSAGES } from '@paydesk/domain';
import { badInput } from '../../platform/errors.ts';

/** The rendered preview of `input` (renderTemplate's answer); throws VAL400 for an unknown TemplateKey. */
export function preview(input: z.output<typeof MessageTemplatePreviewRequest>) {
  const { TemplateKey, Body, Values } = input;
  if (!allowedPlaceholders(TemplateKey)) throw badInput('TemplateKey', RULE_MESSAGES.templateKey);
  return renderTemplate(TemplateKey, Body, Values ?? {});
}
