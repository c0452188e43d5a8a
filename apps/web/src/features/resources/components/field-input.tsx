/**
 * The form control of a declared field: its kind's control (controls/, engine v2).
 * Controls take and give the values the API takes: money and percent as decimal strings (never
 * floats), dates as YYYY-MM-DD, switches as 1/0. Used by ResourceForm and, for filters, by the
 * list's filter bar.
 */
import type { FieldDef, ResourceDef } from '@paydesk/contract';
import { FIELD_CONTROLS, type ControlProps } from '../controls/index.ts';

export { LookupField } from '../controls/index.ts';
export type { ControlProps } from '../controls/index.ts';

export interface FieldInputProps extends ControlProps {
  def: ResourceDef;
  name: string;
  field: FieldDef;
  /** Current values of the form (to narrow lookups by sibling selects). */
  values?: Record<string, unknown>;
  /** For secrets: the stored value, masked ('••••1234'). */
  masked?: string | null;
}

export function FieldInput({ values = {}, ...props }: FieldInputProps) {
  const { Input } = FIELD_CONTROLS[props.field.input];
  return <Input {...props} values={values} />;
}
