/** A field's value as the list (and the form's read-only part) shows it, by its input kind. */
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '@paydesk/contract';
import { dayjs, formatAmount, formatDateTime } from '@paydesk/domain';
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

export function FieldCell({ name, field, value }: { name: string; field: FieldDef; value: unknown }) {
  const { t } = useTranslation();
  if (field.input !== 'switch' && (value === null || value === undefined || value === '')) return <>-</>;
  switch (field.input) {
    case 'money':
      return <>{formatAmount(value as string, 'MYR')}</>;
    case 'percent':
      return <>{`${String(value)} %`}</>;
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
