/** The web controls of every InputKind (see types.tsx); `satisfies` keeps the registry complete. */
import type { InputKind } from '@paydesk/contract';
import { multiselectControls, selectControls } from './choice.tsx';
import { switchControls } from './flag.tsx';
import { jsonControls } from './json.tsx';
import { decimalControls, moneyControls, numberControls, percentControls } from './numbers.tsx';
import { secretControls } from './secret.tsx';
import { textareaControls, textControls } from './text.tsx';
import { dateControls, datetimeControls } from './time.tsx';
import type { FieldControls } from './types.tsx';

export const FIELD_CONTROLS = {
  text: textControls,
  textarea: textareaControls,
  number: numberControls,
  decimal: decimalControls,
  money: moneyControls,
  percent: percentControls,
  select: selectControls,
  multiselect: multiselectControls,
  switch: switchControls,
  date: dateControls,
  datetime: datetimeControls,
  secret: secretControls,
  json: jsonControls,
} as const satisfies Record<InputKind, FieldControls>;

export { LookupField } from './choice.tsx';
export { DateInput } from './time.tsx';
export type { ControlProps } from './types.tsx';
