/**
 * Select and multiselect: fixed options (labels in the UI language) or a lookup route's entries.
 * A lookup's entries that carry another select field of the form (e.g. an MDR category's
 * ServiceType) are narrowed to the value chosen there.
 */
import { Select, Space, Tag, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '@paydesk/contract';
import { LookupSelect } from '../../../shared/lookup-select.tsx';
import { orDash } from '../../../shared/labels.ts';
import { optionLabel } from '../labels.ts';
import { entryValue, lookupAdapter, valueKey, type LookupAdapter, type LookupEntry } from '../lookups.ts';
import { given, type CellProps, type FieldControls, type InputProps } from './types.tsx';

/** A lookup picker for field `name`, narrowed by the form's other selects (`siblings`). */
export function LookupField({
  adapter,
  name,
  field,
  siblings = {},
  asText = false,
  ...props
}: { adapter: LookupAdapter; name: string; field: FieldDef; siblings?: Record<string, unknown>; asText?: boolean } & Omit<
  SelectProps<string | number | (string | number)[]>,
  'options'
>) {
  const { t } = useTranslation();
  const { data } = adapter.useEntries();
  const key = valueKey(adapter, name, field, data?.[0]);
  const narrowing = Object.entries(siblings).filter(([k, v]) => k !== name && v !== undefined && v !== null && v !== '');
  const filter = (e: LookupEntry) => narrowing.every(([k, v]) => !(k in e) || String(e[k]) === String(v));
  const valueOf = (e: LookupEntry) => (asText ? String(entryValue(e, key)) : entryValue(e, key));
  return (
    <LookupSelect
      lookup={adapter.useEntries}
      filter={filter}
      toOption={(e: LookupEntry) => ({ value: valueOf(e), label: adapter.label(e, t) })}
      allowClear
      {...props}
    />
  );
}

function ChoiceInput({ multiple, ...props }: InputProps & { multiple: boolean }) {
  const { t } = useTranslation();
  const { def, name, field, values } = props;
  const control = given(props);
  const mode = multiple ? ('multiple' as const) : undefined;
  const adapter = lookupAdapter(field.lookup);
  if (adapter) {
    const siblings = Object.fromEntries(Object.entries(def.fields).filter(([k, f]) => k !== name && f.input === 'select').map(([k]) => [k, values[k]]));
    return <LookupField adapter={adapter} name={name} field={field} siblings={siblings} mode={mode} {...control} />;
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
