/** The yes/no switch (1/0) and its Yes/No tag. */
import { Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { given, type CellProps, type ControlProps, type FieldControls } from './types.tsx';

function FlagCell({ value }: CellProps) {
  const { t } = useTranslation();
  return value === 1 || value === true ? <Tag color="processing">{t('resource.yes')}</Tag> : <Tag>{t('resource.no')}</Tag>;
}

export const switchControls: FieldControls = {
  Input: (props) => {
    const { value, onChange, id, disabled } = given(props) as ControlProps<number>;
    return <Switch id={id} disabled={disabled} checked={value === 1} onChange={(on) => onChange?.(on ? 1 : 0)} />;
  },
  Cell: FlagCell,
  showsEmpty: true,
};
