/**
 * The antd form rule of the shared field validator (§5): `validateField` from the domain decides,
 * and its message key is shown translated in the current language. The same validator runs on the
 * server, so a form and the API agree on what is valid.
 */
import type { FormRule } from 'antd';
import { validateField, type FieldType, type ValidateFieldOptions } from '@paydesk/domain';
import { i18n } from '../i18n/index.ts';

/** An antd rule for a §5 field type; `options.required` also shows the form's required mark. */
export function fieldRule(type: FieldType, options: ValidateFieldOptions = {}): FormRule {
  return {
    required: options.required === true,
    validator: async (_rule, value: unknown) => {
      const verdict = validateField(type, value, options);
      if (verdict !== true) throw new Error(i18n.t(verdict));
    },
  };
}
