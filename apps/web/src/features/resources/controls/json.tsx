/** JSON edited as monospaced text; a list shows its first 60 characters. */
import { Input, Typography } from 'antd';
import { given, type CellProps, type FieldControls } from './types.tsx';

const JSON_PREVIEW = 60;

export const jsonControls: FieldControls = {
  Input: (props) => <Input.TextArea {...given(props)} autoSize={{ minRows: 4, maxRows: 16 }} style={{ fontFamily: 'monospace' }} spellCheck={false} />,
  Cell: ({ value }: CellProps) => {
    const s = typeof value === 'string' ? value : JSON.stringify(value);
    return <Typography.Text code>{s.length > JSON_PREVIEW ? `${s.slice(0, JSON_PREVIEW)}…` : s}</Typography.Text>;
  },
};
