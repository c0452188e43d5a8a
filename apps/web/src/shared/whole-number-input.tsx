/**
 * A whole-number input that never changes what was typed ("honest inputs"): antd's
 * InputNumber clamps an out-of-range value to its bound and reverts a non-number on blur, so 9999
 * in a 1–240 field would be saved as 240. This is a text input (numeric keyboard on phones) whose
 * value is the text exactly as typed; the form's schema judges it and names the range, and the
 * allowed range is shown beside it.
 */
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** The largest value of an int4 column: a bound this high is the column's, not the field's. */
const INT4_MAX = 2_147_483_647;

export interface WholeNumberInputProps {
  id?: string;
  /** The text typed, or a number given by a record (shown as its digits). */
  value?: string | number | null;
  /** Called with the text as typed (never parsed, trimmed or clamped). */
  onChange?: (text: string) => void;
  disabled?: boolean;
  placeholder?: string;
  /** The inclusive range the schema allows, shown beside the input. */
  min?: number;
  max?: number;
}

export function WholeNumberInput({ value, onChange, min, max, ...rest }: WholeNumberInputProps) {
  const { t } = useTranslation();
  const range =
    min === undefined ? undefined : max === undefined || max >= INT4_MAX ? t('resource.numberMin', { min }) : t('resource.numberRange', { min, max });
  return (
    <Input
      {...rest}
      inputMode="numeric"
      autoComplete="off"
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(e) => onChange?.(e.target.value)}
      suffix={range === undefined ? undefined : <span className="field-range">{range}</span>}
    />
  );
}
