import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { currencySelected } from '../../store/permission-slice.ts';

export function CurrencySelect() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const list = useAppSelector((s) => s.systemData.currency_list);
  const selected = useAppSelector((s) => s.permission.selectedCurrency);
  return (
    <Select
      aria-label={t('shell.currency')}
      value={selected ?? undefined}
      options={list.map((c) => ({ value: c.CurrencyCode, label: c.CurrencyCode }))}
      onChange={(code: string) => dispatch(currencySelected(code))}
      style={{ width: 96 }}
    />
  );
}
