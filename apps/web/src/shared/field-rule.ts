/**
 * Field messages in the current language, and the antd form rule of the shared field validator
 * (§5): `validateField` from the domain decides, and its message key is shown translated. The same
 * validator runs on the server, so a form and the API agree on what is valid.
 *
 * The validator is loaded on first use (`field-validator.ts`): with its phone-number metadata it is
 * ~44 KB brotli the sign-in page need not fetch before its form shows.
 */
import type { FormRule } from 'antd';
import { readFieldMessage, type FieldType, type ValidateFieldOptions } from '@paydesk/domain';
import { i18n } from '../i18n/index.ts';

/**
 * The text to show for a field message as a schema, the validator or the server words it: a §5 key
 * ('text too long'), a field message with its limit filled in ('enter a whole number from 1 to
 * 240', translated with those values) or an app key ('resource.invalidJson'). A text no catalogue
 * holds (a rule of one resource) is shown as sent, in the same sentence case as every message.
 */
export function messageText(message: string): string {
  const { key, values } = readFieldMessage(message);
  if (i18n.exists(key)) return i18n.t(key, values);
  return message.charAt(0).toUpperCase() + message.slice(1);
}

let validator: typeof import('./field-validator.ts') | null = null;

/**
 * The §5 verdict on `value` as a field of `type`: null when valid, else the message to show, in
 * the current language. Asynchronous because the validator loads on first use; rejects only when
 * its chunk cannot be fetched.
 */
export async function fieldMessage(type: FieldType, value: unknown, options: ValidateFieldOptions = {}): Promise<string | null> {
  // Once loaded, the module is kept: every later check settles in one microtask, as a plain async
  // validator does, so the fields of a form checked together show their messages together.
  const { validateField } = validator ?? (validator = await import('./field-validator.ts'));
  const verdict = validateField(type, value, options);
  return verdict === true ? null : messageText(verdict);
}

/** An antd rule for a §5 field type; `options.required` also shows the form's required mark. */
export function fieldRule(type: FieldType, options: ValidateFieldOptions = {}): FormRule {
  return {
    required: options.required === true,
    validator: async (_rule, value: unknown) => {
      const message = await fieldMessage(type, value, options);
      if (message !== null) throw new Error(message);
    },
  };
}
