/**
 * The web half of the field-kind registry: per InputKind its form control and
 * its list cell. Everything else a kind knows (values, files, SQL, layout) is the contract's
 * `kinds/`; ResourceForm, ResourceList and the filter bar ask `FIELD_CONTROLS[field.input]`.
 */
import type { ComponentType } from 'react';
import type { FieldDef, ResourceDef } from '@paydesk/contract';

/** What Form.Item gives a control (id, value, onChange, aria-*), handed on as is. */
export interface ControlProps<V = unknown> {
  id?: string;
  value?: V;
  onChange?: (value: V) => void;
  disabled?: boolean;
  placeholder?: string;
}

export interface InputProps extends ControlProps {
  def: ResourceDef;
  name: string;
  field: FieldDef;
  /** Current values of the form (to narrow lookups by sibling selects). */
  values: Record<string, unknown>;
  /** For secrets: the stored value, masked ('••••1234'). */
  masked?: string | null;
}

export interface CellProps {
  name: string;
  field: FieldDef;
  /** Never null, undefined or '' unless the kind `showsEmpty` (FieldCell shows '-' for those). */
  value: unknown;
}

export interface FieldControls {
  Input: ComponentType<InputProps>;
  Cell: ComponentType<CellProps>;
  /** The cell also shows an empty value (a switch: an absent flag is "No"). */
  showsEmpty?: boolean;
}

/** The props handed on to an antd input: the Form.Item part of InputProps (id, value, onChange, aria-*), as is. */
export function given(props: InputProps): Record<string, unknown> {
  const { def: _def, name: _name, field: _field, values: _values, masked: _masked, ...control } = props;
  return control;
}

/** Plain text of a value. */
export function TextCell({ value }: CellProps) {
  return <>{String(value)}</>;
}
