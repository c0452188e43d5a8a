/**
 * The field-kind registry: every InputKind with its module. `satisfies` makes a
 * kind added to InputKind without a module (or a module missing a part) a type error.
 */
import type { FieldDef, InputKind } from '../define.ts';
import { dateKind } from './date.ts';
import { datetimeKind } from './datetime.ts';
import { decimalKind } from './decimal.ts';
import { jsonKind } from './json.ts';
import { moneyKind } from './money.ts';
import { multiselectKind } from './multiselect.ts';
import { numberKind } from './number.ts';
import { percentKind } from './percent.ts';
import { secretKind } from './secret.ts';
import { selectKind } from './select.ts';
import { switchKind } from './switch.ts';
import { textKind } from './text.ts';
import { textareaKind } from './textarea.ts';
import type { FieldKind } from './types.ts';

export const FIELD_KINDS = {
  text: textKind,
  textarea: textareaKind,
  number: numberKind,
  decimal: decimalKind,
  money: moneyKind,
  percent: percentKind,
  select: selectKind,
  multiselect: multiselectKind,
  switch: switchKind,
  date: dateKind,
  datetime: datetimeKind,
  secret: secretKind,
  json: jsonKind,
} as const satisfies Record<InputKind, FieldKind>;

/** The kind module of a field. */
export const kindOf = (f: Pick<FieldDef, 'input'>): FieldKind => FIELD_KINDS[f.input];

export { INVALID_FORM_VALUE, type ColumnLayout, type FieldKind } from './types.ts';
export { mytTime } from './datetime.ts';
export { takesNumbers } from './select.ts';
export { dmyDay, isoDayOfCell } from './date.ts';
export { MULTI_SEPARATOR, optionCode, optionText, switchValue, textsOf } from './cells.ts';
