/** A credential: typed hidden, starting empty ("keep ••••1234" as the placeholder); shown only masked. */
import { Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { given, type CellProps, type FieldControls, type InputProps } from './types.tsx';

function SecretInput(props: InputProps) {
  const { t } = useTranslation();
  const control = given(props);
  return <Input.Password {...control} autoComplete="new-password" placeholder={props.masked ? t('resource.secretKeep', { masked: props.masked }) : props.placeholder} />;
}

export const secretControls: FieldControls = {
  Input: SecretInput,
  Cell: ({ value }: CellProps) => <Typography.Text type="secondary">{String(value)}</Typography.Text>,
};
