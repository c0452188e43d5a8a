/**
 * The form control of a declared field, by its input kind. Controls take and give the values the
 * API takes: money and percent as decimal strings (never floats), dates as YYYY-MM-DD, switches as
 * 1/0. Used by ResourceForm and, for filters, by the list's filter bar.
 */
import { DatePicker, Input, Select, Switch, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import type { FieldDef, ResourceDef } from '@paydesk/contract';
import { dayjs } from '@paydesk/domain';
import { LookupSelect } from '../../../shared/lookup-select.tsx';
import { WholeNumberInput } from '../../../shared/whole-number-input.tsx';
import { isDecimalText } from '../form-values.ts';
import { optionLabel } from '../labels.ts';
import { entryValue, lookupAdapter, valueKey, type LookupAdapter, type LookupEntry } from '../lookups.ts';

const DAY = 'YYYY-MM-DD';

export interface ControlProps<V = unknown> {
  id?: string;
  value?: V;
  onChange?: (value: V) => void;
  disabled?: boolean;
  placeholder?: string;
}

/**
 * A lookup picker for field `name`. Entries that carry another select field of the form (e.g. an
 * MDR category's ServiceType) are narrowed to the value chosen there (`siblings`).
 */
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

function DateInput({ value, onChange, ...rest }: ControlProps<string>) {
  return (
    <DatePicker
      {...rest}
      format="DD-MM-YYYY"
      value={value ? dayjs(value, DAY) : null}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.format(DAY) : '')}
      style={{ width: '100%' }}
    />
  );
}

function DateTimeInput({ value, onChange, ...rest }: ControlProps<string>) {
  return (
    <DatePicker
      {...rest}
      showTime
      format="DD-MM-YYYY HH:mm:ss"
      value={value ? dayjs(value) : null}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.toISOString() : '')}
      style={{ width: '100%' }}
    />
  );
}

function FlagInput({ value, onChange, id, disabled }: ControlProps<number>) {
  return <Switch id={id} disabled={disabled} checked={value === 1} onChange={(on) => onChange?.(on ? 1 : 0)} />;
}

/** Numbers typed as text: the value stays the decimal string typed (money, rates). */
function DecimalInput({ value, onChange, suffix, ...rest }: ControlProps<string> & { suffix?: string }) {
  return <Input {...rest} inputMode="decimal" suffix={suffix} value={value ?? ''} onChange={(e) => onChange?.(e.target.value.trim())} />;
}

export interface FieldInputProps extends ControlProps {
  def: ResourceDef;
  name: string;
  field: FieldDef;
  /** Current values of the form (to narrow lookups by sibling selects). */
  values?: Record<string, unknown>;
  /** For secrets: the stored value, masked ('••••1234'). */
  masked?: string | null;
}

export function FieldInput({ def, name, field, values = {}, masked, ...control }: FieldInputProps) {
  const { t } = useTranslation();
  // What Form.Item gives its control (id, value, onChange, aria-*), handed on to antd's inputs as is.
  const given = control as Record<string, unknown>;
  const adapter = lookupAdapter(field.lookup);
  const multiple = field.input === 'multiselect';
  // The contract's own limit, counted as the user types and marked (not cut) when passed: the
  // schema's message then names it, so a pasted long text is never silently shortened.
  const maxLength = field.limits?.maxLength;
  const count = maxLength === undefined ? undefined : { show: true, max: maxLength };
  switch (field.input) {
    case 'textarea':
      return <Input.TextArea {...given} count={count} autoSize={{ minRows: 3, maxRows: 12 }} />;
    case 'json':
      return <Input.TextArea {...given} autoSize={{ minRows: 4, maxRows: 16 }} style={{ fontFamily: 'monospace' }} spellCheck={false} />;
    case 'number':
    case 'money':
    case 'percent':
      if (isDecimalText(field)) return <DecimalInput {...(control as ControlProps<string>)} suffix={field.input === 'percent' ? '%' : field.input === 'money' ? 'RM' : undefined} />;
      // Whole numbers as typed (never clamped or reverted); the schema names the range.
      return <WholeNumberInput {...(control as ControlProps<string>)} min={field.limits?.min} max={field.limits?.max} />;
    case 'switch':
      return <FlagInput {...(control as ControlProps<number>)} />;
    case 'date':
      return <DateInput {...(control as ControlProps<string>)} />;
    case 'datetime':
      return <DateTimeInput {...(control as ControlProps<string>)} />;
    case 'secret':
      return (
        <Input.Password
          {...given}
          autoComplete="new-password"
          placeholder={masked ? t('resource.secretKeep', { masked }) : control.placeholder}
        />
      );
    case 'select':
    case 'multiselect': {
      const siblings = Object.fromEntries(Object.entries(def.fields).filter(([k, f]) => k !== name && f.input === 'select').map(([k]) => [k, values[k]]));
      const mode = multiple ? ('multiple' as const) : undefined;
      if (adapter) return <LookupField adapter={adapter} name={name} field={field} siblings={siblings} mode={mode} {...given} />;
      return (
        <Select
          {...given}
          mode={mode}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={(field.options ?? []).map((o) => ({ value: o.value, label: optionLabel(t, o) }))}
        />
      );
    }
    default:
      return <Input {...given} count={count} />;
  }
}
