/**
 * What a resource may override of the generic screen (by path, in `overrides/index.ts`): the list
 * cell or the form control of a field, extra row actions, and a pane beside the form.
 */
import type { ComponentType, ReactNode } from 'react';
import type { ResourceDef } from '@paydesk/contract';
import type { ControlProps } from '../components/field-input.tsx';
import type { FormValues } from '../form-values.ts';
import type { ResourceItem } from '../resource-api.ts';

export interface OverrideInputProps extends ControlProps {
  /** The record being edited (null when creating). */
  item: ResourceItem | null;
  /** The form's current values. */
  values: FormValues;
}

export interface RowActionProps {
  def: ResourceDef;
  item: ResourceItem;
  /** Refetches the list after a change. */
  onChanged: () => void;
}

export interface ResourceOverride {
  cells?: Record<string, (item: ResourceItem) => ReactNode>;
  inputs?: Record<string, ComponentType<OverrideInputProps>>;
  /** Rendered in each row's action bar, after the engine's actions. */
  RowActions?: ComponentType<RowActionProps>;
  /** A pane beside the form's fields (e.g. a live preview). */
  FormAside?: ComponentType<{ def: ResourceDef; values: FormValues; item: ResourceItem | null }>;
}
