/** Text and textarea controls: the contract's limit counted as the user types and marked (not cut) when passed. */
import { Input } from 'antd';
import { given, TextCell, type FieldControls, type InputProps } from './types.tsx';

const countOf = (props: InputProps) => {
  const max = props.field.limits?.maxLength;
  // The schema's message names the limit, so a pasted long text is never silently shortened.
  return max === undefined ? undefined : { show: true, max };
};

export const textControls: FieldControls = {
  Input: (props) => <Input {...given(props)} count={countOf(props)} />,
  Cell: TextCell,
};

export const textareaControls: FieldControls = {
  Input: (props) => <Input.TextArea {...given(props)} count={countOf(props)} autoSize={{ minRows: 3, maxRows: 12 }} />,
  Cell: TextCell,
};
