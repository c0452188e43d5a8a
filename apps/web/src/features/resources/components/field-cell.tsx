/**
 * A field's value as the list (and the form's read-only part) shows it, by its input kind; numbers
 * by their kind (shared/format.ts): money in the §3 format, percentages with 2–4 decimals, counts
 * grouped without decimals, a field whose kind depends on its row (`numberKind`) as the row says.
 */
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDef, NumberKind } from '@paydesk/contract';
import { dayjs, formatDateTime } from '@paydesk/domain';
import { formatCount, formatDecimal, formatMoney, formatPercent } from '../../../shared/format.ts';
import { orDash } from '../../../shared/labels.ts';
import { optionLabel } from '../labels.ts';
import { entryValue, lookupAdapter, valueKey, type LookupAdapter } from '../lookups.ts';

const JSON_PREVIEW = 60;

/** The label of a looked-up value: the entry's label once the (cached) lookup has it. */
function LookupCell({ adapter, name, field, value }: { adapter: LookupAdapter; name: string; field: FieldDef; value: unknown }) {
  const { t } = useTranslation();
  const { data } = adapter.useEntries();
  const key = valueKey(adapter, name, field, data?.[0]);
  const entry = data?.find((e) => String(entryValue(e, key)) === String(value));
  return <>{entry ? adapter.label(entry, t) : orDash(value as string)}</>;
}

/** Resource money fields hold ringgit (contract fields.ts `money`). */
const RESOURCE_CURRENCY = 'MYR';

/**
 * The kind of number a field holds in `row`: its declared `numberKind`, else money and percent
 * by input, a decimal for §5 `decimal` numbers (numeric columns), a count for whole numbers.
 */
export function numberKindOf(field: FieldDef, row: Record<string, unknown> | undefined): NumberKind | null {
  if (field.numberKind && row) return field.numberKind(row);
  if (field.input === 'money') return 'money';
  if (field.input === 'percent') return 'percent';
  if (field.input === 'number') return field.validator === 'decimal' ? 'decimal' : 'count';
  return null;
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
  const { t, i18n } = useTranslation();
  if (field.input !== 'switch' && (value === null || value === undefined || value === '')) return <>-</>;
  const kind = numberKindOf(field, row);
  if (kind && (typeof value === 'string' || typeof value === 'number')) return <>{formatNumber(kind, value, i18n.language)}</>;
  switch (field.input) {
    case 'date':
      return <>{dayjs(String(value), 'YYYY-MM-DD').format('DD-MM-YYYY')}</>;
    case 'datetime':
      return <>{formatDateTime(value as string)}</>;
    case 'switch':
      return value === 1 || value === true ? <Tag color="blue">{t('resource.yes')}</Tag> : <Tag>{t('resource.no')}</Tag>;
    case 'secret':
      return <Typography.Text type="secondary">{String(value)}</Typography.Text>;
    case 'json': {
      const s = typeof value === 'string' ? value : JSON.stringify(value);
      return <Typography.Text code>{s.length > JSON_PREVIEW ? `${s.slice(0, JSON_PREVIEW)}…` : s}</Typography.Text>;
    }
    case 'select':
    case 'multiselect': {
      const values = Array.isArray(value) ? value : [value];
      const adapter = lookupAdapter(field.lookup);
      const labelOf = (v: unknown) => {
        if (adapter) return <LookupCell adapter={adapter} name={name} field={field} value={v} />;
        const option = field.options?.find((o) => String(o.value) === String(v));
        return option ? optionLabel(t, option) : String(v);
      };
      if (field.input === 'select') return <>{labelOf(values[0])}</>;
      return (
        <Space size={[0, 4]} wrap>
          {values.map((v) => (
            <Tag key={String(v)}>{labelOf(v)}</Tag>
          ))}
        </Space>
      );
    }
    default:
      return <>{String(value)}</>;
  }
}
