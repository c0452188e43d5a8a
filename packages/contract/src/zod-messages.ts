/**
 * zod's own messages, replaced once for every schema of the contract ("honest inputs"):
 * a schema without a message of its own ("Too big: expected number to be <=999") answers a field
 * message key of packages/domain (FIELD_MESSAGES, filled with the real limit), which the web
 * translates and the server sends as "Field: message". A message a schema declares still wins
 * (zod: per-schema error > global customError).
 */
import { z } from 'zod';
import { FIELD_MESSAGES, VALIDATION_MESSAGES, fieldMessage } from '@paydesk/domain';

type Issue = z.core.$ZodRawIssue;

const NUMBER_ORIGINS = new Set(['number', 'int', 'bigint']);
const LIST_ORIGINS = new Set(['array', 'set']);

/**
 * The field message key (filled) of a zod issue that carries no message of its own, or undefined
 * to leave zod's (issues a user cannot cause through a form, e.g. unknown keys).
 */
export function zodFieldMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return VALIDATION_MESSAGES.required;
      if (issue.expected === 'int') return FIELD_MESSAGES.whole;
      return issue.expected === 'number' || issue.expected === 'bigint' ? FIELD_MESSAGES.number : FIELD_MESSAGES.invalid;
    case 'too_big': {
      const max = Number(issue.maximum);
      if (NUMBER_ORIGINS.has(issue.origin)) return fieldMessage(issue.inclusive === false ? FIELD_MESSAGES.belowValue : FIELD_MESSAGES.maxValue, { max });
      if (issue.origin === 'string') return fieldMessage(FIELD_MESSAGES.maxLength, { max });
      if (LIST_ORIGINS.has(issue.origin)) return fieldMessage(FIELD_MESSAGES.maxItems, { max });
      return FIELD_MESSAGES.invalid;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (NUMBER_ORIGINS.has(issue.origin)) return fieldMessage(issue.inclusive === false ? FIELD_MESSAGES.aboveValue : FIELD_MESSAGES.minValue, { min });
      if (issue.origin === 'string') return min <= 1 ? VALIDATION_MESSAGES.required : fieldMessage(FIELD_MESSAGES.minLength, { min });
      if (LIST_ORIGINS.has(issue.origin)) return fieldMessage(FIELD_MESSAGES.minItems, { min });
      return FIELD_MESSAGES.invalid;
    }
    case 'invalid_value':
      return FIELD_MESSAGES.option;
    case 'invalid_format':
      if (issue.format === 'email') return VALIDATION_MESSAGES.email;
      if (issue.format === 'url') return VALIDATION_MESSAGES.url;
      if (issue.format === 'date') return FIELD_MESSAGES.realDate;
      return FIELD_MESSAGES.invalid;
    case 'invalid_key':
      // A record's key refused by its own schema (e.g. a placeholder name): that schema's message.
      return issue.issues[0]?.message ?? FIELD_MESSAGES.invalid;
    case 'invalid_union':
    case 'not_multiple_of':
      return FIELD_MESSAGES.invalid;
    default:
      return undefined;
  }
}

z.config({ customError: zodFieldMessage });
