/**
 * Payment methods from the `paymentMethodList` lookup (§7), shared by the e-commerce filter bar and
 * the dashboard: one cached request serves both. The label of a code is its translation in the
 * user's language when the catalogue has one, else the lookup's name, else the code.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, enumLabelKey, type PaymentMethod } from '@paydesk/domain';
import { usePaymentMethodListQuery } from '../store/api.ts';

export type PaymentMethodLabel = (code: string | null | undefined) => string;

export function isPaymentMethod(code: string): code is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(code);
}

/** The label function of payment method codes, over the cached lookup (`skip`: labels without it). */
export function usePaymentMethodLabel({ skip = false }: { skip?: boolean } = {}): PaymentMethodLabel {
  const { t } = useTranslation();
  const { data } = usePaymentMethodListQuery(undefined, { skip });
  return useCallback(
    (code) => {
      if (code === null || code === undefined || code === '') return '-';
      const name = data?.find((m) => m.Code === code)?.Name;
      return t(enumLabelKey('paymentMethod', code), { defaultValue: name ?? code });
    },
    [data, t],
  );
}
