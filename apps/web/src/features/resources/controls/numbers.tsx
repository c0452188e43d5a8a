/**
 * Number controls: whole numbers typed as text (never clamped or reverted; the schema names the
 * range), decimals, money and rates typed as decimal strings (never floats). Cells are written by
 * the number's kind (FieldCell formats them before asking here).
 */
import { Input } from 'antd';
import { WholeNumberInput } from '../../../shared/whole-number-input.tsx';
import { given, TextCell, type ControlProps, type FieldControls, type InputProps } from './types.tsx';

function DecimalInput({ suffix, ...props }: InputProps & { suffix?: string }) {
  const { value, onChange, ...rest } = given(props) as ControlProps<string>;
  return <Input {...rest} inputMode="decimal" suffix={suffix} value={value ?? ''} onChange={(e) => onChange?.(e.target.value.trim())} />;
}

export const numberControls: FieldControls = {
  Input: (props) => <WholeNumberInput {...(given(props) as ControlProps<string>)} min={props.field.limits?.min} max={props.field.limits?.max} />,
  Cell: TextCell,
};
export const decimalControls: FieldControls = { Input: (props) => <DecimalInput {...props} />, Cell: TextCell };
export const moneyControls: FieldControls = { Input: (props) => <DecimalInput {...props} suffix="RM" />, Cell: TextCell };
export const percentControls: FieldControls = { Input: (props) => <DecimalInput {...props} suffix="%" />, Cell: TextCell };
