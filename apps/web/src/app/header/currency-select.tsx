import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { currencySelected } from '../../store/permission-slice.ts';
import { HeaderPicker } from './header-picker.tsx';

/** The header currency: every figure and list shows amounts of this currency (store/header-currency.ts). */
export function CurrencySelect() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const list = useAppSelector((s) => s.systemData.currency_list);
  const selected = useAppSelector((s) => s.permission.selectedCurrency);
  return (
    <HeaderPicker
      label={t('shell.currency')}
      value={selected}
      options={list.map((c) => ({ value: c.CurrencyCode, label: c.CurrencyCode }))}
      onChange={(code) => dispatch(currencySelected(code))}
      maxWidth={48}
    />
  );
}
