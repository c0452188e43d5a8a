/** Date and date-time controls: a calendar day as YYYY-MM-DD, an instant as ISO text; shown DD-MM-YYYY (§9). */
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { dayjs, formatDateTime } from '@paydesk/domain';
import { given, type CellProps, type ControlProps, type FieldControls } from './types.tsx';

const DAY = 'YYYY-MM-DD';

/** A calendar-day picker holding 'YYYY-MM-DD' ('' when cleared). */
export function DateInput({ value, onChange, ...rest }: ControlProps<string>) {
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

export const dateControls: FieldControls = {
  Input: (props) => <DateInput {...(given(props) as ControlProps<string>)} />,
  Cell: ({ value }: CellProps) => <>{dayjs(String(value), DAY).format('DD-MM-YYYY')}</>,
};

export const datetimeControls: FieldControls = {
  Input: (props) => <DateTimeInput {...(given(props) as ControlProps<string>)} />,
  Cell: ({ value }: CellProps) => <>{formatDateTime(value as string)}</>,
};
