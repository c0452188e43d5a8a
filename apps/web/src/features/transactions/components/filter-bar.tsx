/**
 * The filter bar: a form over the URL query. Search (or Enter in a field) writes the query;
 * Reset clears the filters; the back button restores the form from the URL.
 */
import { useEffect, useMemo } from 'react';
import { Button, Card, Col, DatePicker, Form, Input, Row, Select, Space, type FormRule } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { BUSINESS_TIME_ZONE, CARD_SCHEMES, TRANSACTION_STATUSES, compareMoney, dayjs, parseMoney, validateField, type GroupType } from '@paydesk/domain';
import { fieldRule } from '../../../shared/field-rule.ts';
import { enumLabel } from '../../../shared/labels.ts';
import { LookupSelect } from '../../../shared/lookup-select.tsx';
import { isPaymentMethod, usePaymentMethodLabel } from '../../../shared/payment-methods.ts';
import { usePaymentMethodListQuery, type PaymentMethodOption } from '../../../store/api.ts';
import {
  DEFAULT_QUERY,
  LAST4_LENGTH,
  fieldsBelow,
  parentFor,
  visiblePickers,
  type OrgField,
  type TxnQuery,
} from '../filters.ts';
import { OrgPicker } from '../../../shared/org-picker.tsx';

interface FormValues extends Omit<TxnQuery, 'from' | 'to' | 'sort' | 'order' | 'size'> {
  /** Either end may be open: "jump to date" sets one end only. */
  range?: [Dayjs | null, Dayjs | null] | null;
}

const DAY = 'YYYY-MM-DD';

function toForm(q: TxnQuery): FormValues {
  const { from, to, sort: _s, order: _o, size: _z, ...rest } = q;
  return { ...rest, range: from || to ? [from ? dayjs(from, DAY) : null, to ? dayjs(to, DAY) : null] : null };
}

function fromForm(v: FormValues, base: TxnQuery): TxnQuery {
  const blank = (s?: string) => (s?.trim() ? s.trim() : undefined);
  return {
    ...base,
    from: v.range?.[0]?.format(DAY),
    to: v.range?.[1]?.format(DAY),
    status: v.status ?? [],
    pm: v.pm ?? [],
    scheme: v.scheme ?? [],
    mm: v.mm,
    agency: v.agency,
    agent: v.agent,
    merchant: v.merchant,
    ref: blank(v.ref),
    min: blank(v.min),
    max: blank(v.max),
    last4: blank(v.last4),
  };
}

/**
 * §5 `decimal` is checked by fieldRule('decimal'); this adds what a money filter needs beyond it:
 * at most 2 decimals and 16 integer digits.
 */
function moneyPrecisionRule(message: string): FormRule {
  return {
    validator: async (_rule, value?: string) => {
      if (value && validateField('decimal', value) === true && parseMoney(value) === null) throw new Error(message);
    },
  };
}

/** Today as a Malaysian calendar day, for the picker (which works in local time). */
function malaysianToday(): Dayjs {
  return dayjs(dayjs().tz(BUSINESS_TIME_ZONE).format(DAY), DAY);
}

export function FilterBar({ query, callerType, onSearch }: { query: TxnQuery; callerType: GroupType; onSearch: (q: TxnQuery) => void }) {
  const { t } = useTranslation();
  const paymentMethodLabel = usePaymentMethodLabel();
  const [form] = Form.useForm<FormValues>();
  const pickers = visiblePickers(callerType);
  const orgValues = {
    mm: Form.useWatch('mm', form),
    agency: Form.useWatch('agency', form),
    agent: Form.useWatch('agent', form),
    merchant: Form.useWatch('merchant', form),
  } satisfies Record<OrgField, number | undefined>;

  // The URL is the source of truth: back/forward and shared links refill the form.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toForm(query));
  }, [form, query]);

  const presets = useMemo(() => {
    const today = malaysianToday();
    return [
      { label: t('txn.presetToday'), value: [today, today] as [Dayjs, Dayjs] },
      { label: t('txn.preset7d'), value: [today.subtract(6, 'day'), today] as [Dayjs, Dayjs] },
      { label: t('txn.preset30d'), value: [today.subtract(29, 'day'), today] as [Dayjs, Dayjs] },
    ];
  }, [t]);

  const onValuesChange = (changed: Partial<FormValues>) => {
    for (const field of Object.keys(changed)) {
      if (pickers.some((p) => p.field === field)) {
        form.setFieldsValue(Object.fromEntries(fieldsBelow(field as OrgField).map((f) => [f, undefined])));
      }
    }
  };

  const multi = (name: 'status' | 'scheme', label: string, options: { value: string; label: string }[]) => (
    <Col xs={24} sm={12} lg={8} xl={6}>
      <Form.Item name={name} label={label}>
        <Select mode="multiple" allowClear maxTagCount="responsive" options={options} placeholder={t('common.all')} />
      </Form.Item>
    </Col>
  );

  return (
    <Card size="small">
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={toForm(query)}
        onValuesChange={onValuesChange}
        onFinish={(v) => onSearch(fromForm(v, query))}
        style={{ marginBottom: -8 }}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12} lg={8} xl={6}>
            <Form.Item name="range" label={t('txn.dateRange')}>
              <DatePicker.RangePicker presets={presets} format="DD-MM-YYYY" allowEmpty={[true, true]} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {multi(
            'status',
            t('txn.status'),
            TRANSACTION_STATUSES.map((s) => ({ value: s, label: enumLabel(t, 'status', s) })),
          )}
          <Col xs={24} sm={12} lg={8} xl={6}>
            {/* Options from the payment-method lookup (§7); none when it fails, and the picker still works. */}
            <Form.Item name="pm" label={t('txn.paymentMethod')}>
              <LookupSelect
                lookup={usePaymentMethodListQuery}
                filter={(m: PaymentMethodOption) => isPaymentMethod(m.Code)}
                toOption={(m: PaymentMethodOption) => ({ value: m.Code, label: paymentMethodLabel(m.Code) })}
                mode="multiple"
                allowClear
                maxTagCount="responsive"
                placeholder={t('common.all')}
              />
            </Form.Item>
          </Col>
          {multi(
            'scheme',
            t('txn.cardScheme'),
            CARD_SCHEMES.map((s) => ({ value: s, label: s })),
          )}
          {pickers.map((p) => (
            <Col key={p.field} xs={24} sm={12} lg={8} xl={6}>
              <Form.Item name={p.field} label={t(p.labelKey)}>
                <OrgPicker level={p.level} parentId={parentFor(orgValues, p.field)} placeholder={t('common.all')} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} sm={12} lg={8} xl={6}>
            <Form.Item name="ref" label={t('txn.txnRefNo')}>
              <Input allowClear maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6} lg={4} xl={3}>
            <Form.Item name="min" label={t('txn.amountMin')} rules={[fieldRule('decimal'), moneyPrecisionRule(t('txn.amountPrecision'))]}>
              <Input inputMode="decimal" allowClear />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6} lg={4} xl={3}>
            <Form.Item
              name="max"
              label={t('txn.amountMax')}
              dependencies={['min']}
              rules={[
                fieldRule('decimal'),
                moneyPrecisionRule(t('txn.amountPrecision')),
                ({ getFieldValue }) => ({
                  validator: async (_, max?: string) => {
                    const low = parseMoney((getFieldValue('min') as string | undefined) ?? '');
                    const high = parseMoney(max ?? '');
                    if (low !== null && high !== null && compareMoney(low, high) > 0) throw new Error(t('txn.amountRange'));
                  },
                }),
              ]}
            >
              <Input inputMode="decimal" allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8} xl={6}>
            <Form.Item name="last4" label={t('txn.last4')} rules={[fieldRule('number'), { len: LAST4_LENGTH, message: t('txn.last4Invalid') }]}>
              <Input inputMode="numeric" maxLength={LAST4_LENGTH} allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8} xl={6} style={{ display: 'flex', alignItems: 'flex-end' }}>
            <Form.Item label={null}>
              <Space>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                  {t('common.search')}
                </Button>
                <Button
                  icon={<ReloadOutlined />}
                  onClick={() => onSearch({ ...DEFAULT_QUERY, sort: query.sort, order: query.order, size: query.size })}
                >
                  {t('common.reset')}
                </Button>
              </Space>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
