/**
 * Select and multiselect: fixed options (labels in the UI language) or a lookup route's entries.
 * A lookup's entries that carry another select field of the form (e.g. an MDR category's
 * ServiceType) are narrowed to the value chosen there; a lookup with declared arguments
 * (FieldDef.lookupArgs) is asked with the values of the fields they name, and waits for them.
 */
import { useEffect, useRef } from 'react';
import { Select, Space, Tag, type SelectProps } from 'antd';
import { skipToken, type SkipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { FieldDef, ResourceDef } from '@paydesk/contract';
import { LookupSelect } from '../../../shared/lookup-select.tsx';
import { orDash } from '../../../shared/labels.ts';
import { fieldLabel, optionLabel } from '../labels.ts';
import { entryValue, lookupAdapter, valueKey, type LookupAdapter, type LookupEntry } from '../lookups.ts';
import { given, type CellProps, type FieldControls, type InputProps } from './types.tsx';

/** A lookup picker for field `name`, narrowed by the form's other selects (`siblings`). */
export function LookupField({
  adapter,
  name,
  field,
  siblings = {},
  asText = false,
  arg,
  ...props
}: { adapter: LookupAdapter; name: string; field: FieldDef; siblings?: Record<string, unknown>; asText?: boolean; arg?: Record<string, unknown> | SkipToken } & Omit<
  SelectProps<string | number | (string | number)[]>,
  'options'
>) {
  const { t } = useTranslation();
  const { data } = adapter.useEntries(arg);
  const key = valueKey(adapter, name, field, data?.[0]);
  const narrowing = Object.entries(siblings).filter(([k, v]) => k !== name && v !== undefined && v !== null && v !== '');
  const filter = (e: LookupEntry) => narrowing.every(([k, v]) => !(k in e) || String(e[k]) === String(v));
  const valueOf = (e: LookupEntry) => (asText ? String(entryValue(e, key)) : entryValue(e, key));
  return (
    <LookupSelect
      lookup={adapter.useEntries}
      arg={arg}
      filter={filter}
      toOption={(e: LookupEntry) => ({ value: valueOf(e), label: adapter.label(e, t) })}
      allowClear
      {...props}
    />
  );
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** The labels of the fields a lookup's arguments come from ('Organization' for the owner). */
function waitedLabels(t: TFunction, def: ResourceDef, field: FieldDef): string {
  return Object.values(field.lookupArgs ?? {})
    .map((from) => (from === 'OrgId' ? t('resource.organization') : fieldLabel(t, from, def.fields[from] ?? { labelKey: from })))
    .join(', ');
}

/**
 * The lookup's arguments from the form's values (FieldDef.lookupArgs), or skipToken while one is
 * blank; a value chosen under other arguments is cleared when they change.
 */
function useLookupArg(field: FieldDef, values: Record<string, unknown>, value: unknown, onChange?: (v: unknown) => void): Record<string, unknown> | SkipToken | undefined {
  const names = Object.entries(field.lookupArgs ?? {});
  const arg = names.some(([, from]) => blank(values[from])) ? skipToken : Object.fromEntries(names.map(([k, from]) => [k, values[from]]));
  const key = names.length ? JSON.stringify(arg === skipToken ? null : arg) : '';
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    if (!blank(value)) onChange?.(undefined);
  }, [key, value, onChange]);
  return names.length ? arg : undefined;
}

function ChoiceInput({ multiple, ...props }: InputProps & { multiple: boolean }) {
  const { t } = useTranslation();
  const { def, name, field, values } = props;
  const control = given(props);
  const mode = multiple ? ('multiple' as const) : undefined;
  const adapter = lookupAdapter(field.lookup);
  const arg = useLookupArg(field, values, control.value, control.onChange as ((v: unknown) => void) | undefined);
  if (adapter) {
    const siblings = Object.fromEntries(Object.entries(def.fields).filter(([k, f]) => k !== name && f.input === 'select').map(([k]) => [k, values[k]]));
    const waiting = arg === skipToken ? { placeholder: t('resource.lookupWaits', { fields: waitedLabels(t, def, field) }) } : {};
    return <LookupField adapter={adapter} name={name} field={field} siblings={siblings} arg={arg} mode={mode} {...waiting} {...control} />;
  }
  return (
    <Select
      {...control}
      mode={mode}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={(field.options ?? []).map((o) => ({ value: o.value, label: optionLabel(t, o) }))}
    />
  );
}

/** The label of a looked-up value: the entry's label once the (cached) lookup has it. */
function LookupCell({ adapter, name, field, value }: { adapter: LookupAdapter; name: string; field: FieldDef; value: unknown }) {
  const { t } = useTranslation();
  const { data } = adapter.useEntries();
  const key = valueKey(adapter, name, field, data?.[0]);
  const entry = data?.find((e) => String(entryValue(e, key)) === String(value));
  return <>{entry ? adapter.label(entry, t) : orDash(value as string)}</>;
}

/** One chosen value's label: the option's, or the lookup entry's. */
function ChoiceLabel({ name, field, value }: CellProps) {
  const { t } = useTranslation();
  const adapter = lookupAdapter(field.lookup);
  if (adapter) return <LookupCell adapter={adapter} name={name} field={field} value={value} />;
  const option = field.options?.find((o) => String(o.value) === String(value));
  return <>{option ? optionLabel(t, option) : String(value)}</>;
}

export const selectControls: FieldControls = {
  Input: (props) => <ChoiceInput {...props} multiple={false} />,
  Cell: (props) => <ChoiceLabel {...props} value={Array.isArray(props.value) ? props.value[0] : props.value} />,
};

export const multiselectControls: FieldControls = {
  Input: (props) => <ChoiceInput {...props} multiple />,
  Cell: ({ name, field, value }) => (
    <Space size={[0, 4]} wrap>
      {(Array.isArray(value) ? value : [value]).map((v) => (
        <Tag key={String(v)}>
          <ChoiceLabel name={name} field={field} value={v} />
        </Tag>
      ))}
    </Space>
  ),
};
