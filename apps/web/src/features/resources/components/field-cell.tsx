/**
 * A field's value as the list (and the form's read-only part) shows it: '-' when empty, a number
 * by its kind (shared/format.ts: money in the §3 format, percentages with 2–4 decimals, counts
 * grouped without decimals, a field whose kind depends on its row (`numberKind`) as the row
 * says), else its kind's cell (controls/).
 */
import { useTranslation } from 'react-i18next';
import { kindOf, type FieldDef, type NumberKind } from '@paydesk/contract';
import { formatCount, formatDecimal, formatMoney, formatPercent } from '../../../shared/format.ts';
import { FIELD_CONTROLS } from '../controls/index.ts';

/** Resource money fields hold ringgit (contract fields.ts `money`). */
const RESOURCE_CURRENCY = 'MYR';

/** The kind of number a field holds in `row`: its declared `numberKind`, else its kind's (contract kinds/). */
export function numberKindOf(field: FieldDef, row: Record<string, unknown> | undefined): NumberKind | null {
  if (field.numberKind && row) return field.numberKind(row);
  return kindOf(field).numberKind(field);
}

/** A number written by its kind, in the UI language `lang`. */
export function formatNumber(kind: NumberKind, value: string | number, lang: string): string {
  switch (kind) {
    case 'money':
      return formatMoney(value, RESOURCE_CURRENCY);
    case 'percent':
      return formatPercent(value, lang);
    case 'count':
      return formatCount(value, lang);
    default:
      return formatDecimal(value, lang);
  }
}

/** One field's value; `row` is the whole record, for fields whose number kind depends on it. */
export function FieldCell({ name, field, value, row }: { name: string; field: FieldDef; value: unknown; row?: Record<string, unknown> }) {
  const { i18n } = useTranslation();
  const { Cell, showsEmpty } = FIELD_CONTROLS[field.input];
  if (!showsEmpty && (value === null || value === undefined || value === '')) return <>-</>;
  const kind = numberKindOf(field, row);
  if (kind && (typeof value === 'string' || typeof value === 'number')) return <>{formatNumber(kind, value, i18n.language)}</>;
  return <Cell name={name} field={field} value={value} />;
}
