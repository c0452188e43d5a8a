import type { TFunction } from 'i18next';

/** Label of a code of a domain list (`enum.<list>.<code>`); the code itself when not translated. */
export function enumLabel(t: TFunction, list: 'status' | 'paymentMethod' | 'serviceType' | 'groupType', code: string | number | null | undefined): string {
  if (code === null || code === undefined || code === '') return '-';
  return t(`enum.${list}.${code}`, { defaultValue: String(code) });
}

/** '-' for empty values, the value otherwise. */
export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '-' : String(value);
}
