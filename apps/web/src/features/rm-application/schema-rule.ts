/**
 * An antd form rule from a field's zod schema (the contract's), so the form refuses exactly what
 * the server refuses, with the same catalogue message shown in the UI language.
 */
import type { FormRule } from 'antd';
import type { z } from 'zod';
import { VALIDATION_MESSAGES } from '@paydesk/domain';
import { messageText } from '../../shared/field-rule.ts';

/**
 * The rule of `schema`; `required` also shows the form's required mark and refuses an empty value
 * with §5 'placeholder_cannot_be_empty'. An empty optional value is left to the schema's default.
 */
export function schemaRule(schema: z.ZodType, required: boolean): FormRule {
  return {
    required,
    validator: async (_rule, value: unknown) => {
      const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
      if (empty && required) throw new Error(messageText(VALIDATION_MESSAGES.required));
      if (empty && !Array.isArray(value)) return;
      const parsed = schema.safeParse(typeof value === 'number' ? String(value) : value);
      if (!parsed.success) throw new Error(messageText(parsed.error.issues[0]?.message ?? VALIDATION_MESSAGES.required));
    },
  };
}
