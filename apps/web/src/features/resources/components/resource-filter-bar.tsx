/**
 * The filter bar of a resource list: its declared filters (text contains, select/multiselect in
 * or eq), status and a keyword, as a form over the URL query. Search (or Enter) writes the query,
 * Reset clears it, back/forward refill the form. Filter values are kept as text, as in the URL.
 */
import { useEffect } from 'react';
import { Card, Col, Form, Input, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { kindOf, type FieldDef, type ResourceDef } from '@paydesk/contract';
import { FilterActions } from '../../../shared/filter-actions.tsx';
import { fieldLabel, optionLabel } from '../labels.ts';
import { FILTER_MAX, filterFields, type ListQuery, type RangeValue } from '../list-query.ts';
import { lookupAdapter } from '../lookups.ts';
import { FieldInput, LookupField } from './field-input.tsx';

interface FormValues {
  filters: Record<string, string | string[] | RangeValue | undefined>;
  q?: string;
  active?: '1' | '0';
}

const toForm = (q: ListQuery): FormValues => ({ filters: { ...q.filters }, q: q.keyword, active: q.active === undefined ? undefined : (String(q.active) as '1' | '0') });

function fromForm(v: FormValues, base: ListQuery): ListQuery {
  const filters: ListQuery['filters'] = {};
  for (const [k, raw] of Object.entries(v.filters ?? {})) {
    if (Array.isArray(raw)) {
      if (raw.length) filters[k] = raw.map(String);
    } else if (raw && typeof raw === 'object') {
      const from = raw.From?.trim();
      const to = raw.To?.trim();
      if (from || to) filters[k] = { ...(from ? { From: from } : {}), ...(to ? { To: to } : {}) };
    } else if (raw !== undefined && raw !== null && String(raw).trim() !== '') filters[k] = String(raw).trim();
  }
  return { ...base, filters, keyword: v.q?.trim() || undefined, active: v.active === undefined ? undefined : v.active === '1' ? 1 : 0, page: 1 };
}

/** A filter's control; Form.Item hands it id, value and onChange, which go on to the input. */
function FilterControl({ def, name, field, placeholder, ...given }: { def: ResourceDef; name: string; field: FieldDef; placeholder: string } & Record<string, unknown>) {
  const { t } = useTranslation();
  const adapter = lookupAdapter(field.lookup);
  const multiple = field.filter === 'in' ? ('multiple' as const) : undefined;
  // A picker whose lookup takes arguments from the form (lookupArgs) has none here: a typed filter.
  if (adapter && !field.lookupArgs) return <LookupField {...given} adapter={adapter} name={name} field={field} asText mode={multiple} maxTagCount="responsive" placeholder={placeholder} />;
  if (field.options) {
    return (
      <Select
        {...given}
        mode={multiple}
        allowClear
        maxTagCount="responsive"
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={placeholder}
        options={field.options.map((o) => ({ value: String(o.value), label: optionLabel(t, o) }))}
      />
    );
  }
  // An ordered kind (a date, a number) filters with its own control, so the value has its shape.
  if (kindOf(field).ordered) return <FieldInput {...given} def={def} name={name} field={field} placeholder={placeholder} />;
  return <Input {...given} allowClear maxLength={FILTER_MAX} placeholder={field.filter === 'contains' ? t('resource.contains') : placeholder} />;
}

export function ResourceFilterBar({ def, query, onSearch, onReset }: { def: ResourceDef; query: ListQuery; onSearch: (q: ListQuery) => void; onReset: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();

  // The URL is the source of truth: back/forward and shared links refill the form.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toForm(query));
  }, [form, query]);

  const col = { xs: 24, sm: 12, lg: 8, xl: 6 };
  return (
    <Card size="small">
      <Form<FormValues> form={form} layout="vertical" initialValues={toForm(query)} onFinish={(v) => onSearch(fromForm(v, query))} style={{ marginBottom: -8 }}>
        <Row gutter={16}>
          {filterFields(def).map(([name, f]) =>
            f.filter === 'range' ? (
              // A range: the field's own control twice (a date picker, a number), From and To inclusive.
              <Col key={name} {...col}>
                <Form.Item label={fieldLabel(t, name, f)} style={{ marginBottom: 0 }}>
                  <Space.Compact block>
                    {(['From', 'To'] as const).map((bound) => (
                      <Form.Item key={bound} name={['filters', name, bound]} noStyle>
                        <FieldInput def={def} name={name} field={f} placeholder={t(bound === 'From' ? 'resource.rangeFrom' : 'resource.rangeTo')} aria-label={`${fieldLabel(t, name, f)} ${t(bound === 'From' ? 'resource.rangeFrom' : 'resource.rangeTo')}`} />
                      </Form.Item>
                    ))}
                  </Space.Compact>
                </Form.Item>
              </Col>
            ) : (
              <Col key={name} {...col}>
                <Form.Item name={['filters', name]} label={fieldLabel(t, name, f)}>
                  <FilterControl def={def} name={name} field={f} placeholder={t('common.all')} />
                </Form.Item>
              </Col>
            ),
          )}
          {/* A lifecycle resource's status is its state filter above: no active switch beside it. */}
          {!def.lifecycle && (
            <Col {...col}>
              <Form.Item name="active" label={t('resource.status')}>
                <Select
                  allowClear
                  placeholder={t('common.all')}
                  options={[
                    { value: '1', label: t('resource.active') },
                    { value: '0', label: t('resource.inactive') },
                  ]}
                />
              </Form.Item>
            </Col>
          )}
          <Col {...col}>
            <Form.Item name="q" label={t('resource.keyword')}>
              <Input allowClear maxLength={FILTER_MAX} />
            </Form.Item>
          </Col>
          <Col {...col} style={{ display: 'flex', alignItems: 'flex-end' }}>
            <FilterActions onReset={onReset} />
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
