/**
 * A report's filter bar (list or summary), generated from its declared filters: a
 * form over the URL query; the query's other keys (sort, page size, period, group by) pass through. Search (or Enter in a field) writes the query; Reset clears the filters; the back
 * button refills the form from the URL.
 *
 * - dateRange: a range picker of Malaysian days with presets (shared/date-presets.ts); a timed
 *   range (`recentMinutes`, the log screens) picks minutes, its presets the last 15 min … 24 h;
 * - enum: a multi-select of the declared codes with their ENUM labels (payment methods come from
 *   the §7 lookup, so a method the platform does not offer is not offered);
 * - org: the cascade master merchant → agency → agent → merchant → branch, pickers above the
 *   caller's own level hidden, each narrowed by the nearest chosen one above it and cleared when
 *   one above it changes;
 * - moneyRange: from / to, §5 decimals that are money, from ≤ to;
 * - code: checked against the declared pattern as typed, with the declared message;
 * - currency: none here, the header's currency applies.
 * On a phone (below 768 px) the form waits in a drawer behind "Filters (n)", n the filters set, so
 * the results start on the first screen; Search applies and closes it.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, DatePicker, Drawer, Form, Input, Row, Select, type FormRule } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { ASSIGNEE_FILTER_VALUES, type ReportColumn, type ReportFilter } from '@paydesk/contract';
import { compareMoney, dayjs, parseMoney, validateField, type GroupType } from '@paydesk/domain';
import { fieldRule, messageText } from '../../shared/field-rule.ts';
import { FilterActions } from '../../shared/filter-actions.tsx';
import { LookupSelect } from '../../shared/lookup-select.tsx';
import { useNarrow } from '../../shared/use-narrow.ts';
import { OrgPicker } from '../../shared/org-picker.tsx';
import { isPaymentMethod, usePaymentMethodLabel } from '../../shared/payment-methods.ts';
import { usePaymentMethodListQuery, type PaymentMethodOption } from '../../store/api.ts';
import { PRESET_LABELS, RECENT_PRESETS, malaysianToday, presetRanges, recentRange, type PresetKey } from '../../shared/date-presets.ts';
import { enumText } from '../../shared/cell-text.ts';
import { MINUTE_FORMAT, ORG_PICKERS, fieldsBelow, filterUrlKeys, isCodeValue, parentFor, urlKeyOf, visiblePickers, type OrgField, type ReportQuery } from '../../shared/report-query.ts';
import './labels.ts';

type FormValues = Record<string, unknown> & {
  /** Either end may be open: "jump to date" sets one end only. */
  range?: [Dayjs | null, Dayjs | null] | null;
};

const DAY = 'YYYY-MM-DD';

/** What the filter bar reads and writes: filter values by URL key, among other keys it keeps. */
type FilterQuery = Readonly<Record<string, unknown>>;
/** The declaration the bar is generated from (a list or a summary report). */
type FilterDef = { filters: readonly ReportFilter[]; columns?: readonly ReportColumn[] };

/**
 * The codes an enum filter offers to a caller of `callerType`: outside the platform, none of the
 * internal codes its column shows as another (`outside`: the server matches them under the code
 * they show as).
 */
export function offeredCodes(def: FilterDef, f: Extract<ReportFilter, { kind: 'enum' }>, callerType: GroupType): readonly (string | number)[] {
  const outside = callerType === 'SUPERADMIN' ? undefined : def.columns?.find((c) => c.source === f.source && c.outside)?.outside;
  return outside ? f.values.filter((code) => !(String(code) in outside)) : f.values;
}

function toForm(def: FilterDef, q: FilterQuery): FormValues {
  const v: FormValues = {};
  for (const key of def.filters.flatMap(filterUrlKeys)) {
    if (key === 'from' || key === 'to') continue;
    const value = q[key];
    v[key] = ORG_PICKERS.some((p) => p.field === key) && value !== undefined ? Number(value) : value;
  }
  const from = typeof q.from === 'string' ? q.from : undefined;
  const to = typeof q.to === 'string' ? q.to : undefined;
  // A timed range's ends are minutes (MINUTE_FORMAT), a day's end a day; either reads as the picker's local time.
  const read = (end: string) => dayjs(end, end.length > DAY.length ? MINUTE_FORMAT : DAY);
  v.range = from || to ? [from ? read(from) : null, to ? read(to) : null] : null;
  return v;
}

/** A dateRange filter to the minute (a log screen's). */
const timedRange = (def: FilterDef) => def.filters.some((f) => f.kind === 'dateRange' && f.recentMinutes);

function fromForm<Q extends FilterQuery>(def: FilterDef, v: FormValues, base: Q): Q {
  const q: Record<string, unknown> = { ...base };
  const format = timedRange(def) ? MINUTE_FORMAT : DAY;
  for (const key of def.filters.flatMap(filterUrlKeys)) {
    const value = key === 'from' ? v.range?.[0]?.format(format) : key === 'to' ? v.range?.[1]?.format(format) : v[key];
    if (Array.isArray(value)) q[key] = value.map(String);
    else if (typeof value === 'string') q[key] = value.trim() || undefined;
    else if (typeof value === 'number') q[key] = value;
    else q[key] = undefined;
  }
  return q as Q;
}

/** `base` with every filter cleared (Reset): what is not a filter (sort, size, period …) is kept. */
function cleared<Q extends FilterQuery>(def: FilterDef, base: Q): Q {
  return { ...base, ...Object.fromEntries(def.filters.flatMap(filterUrlKeys).map((k) => [k, undefined])) };
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

/** A code filter's rule: its declared pattern and length, with its declared message (§5 wording). */
function codeRule(f: Extract<ReportFilter, { kind: 'code' }>): FormRule {
  return {
    validator: async (_rule, value?: string) => {
      const v = value?.trim();
      if (v && !isCodeValue(f, v)) throw new Error(messageText(f.message));
    },
  };
}

const COL = { xs: 24, sm: 12, lg: 8, xl: 6 } as const;
const TIMED_COL = { xs: 24, sm: 24, lg: 12, xl: 8 } as const;

interface Props<Q extends FilterQuery> {
  def: FilterDef;
  query: Q;
  callerType: GroupType;
  onSearch: (q: Q) => void;
}

/** The generated filter bar of `def`; `onSearch` gets the query of a valid form. */
export function ReportFilterBar<Q extends FilterQuery = ReportQuery>({ def, query, callerType, onSearch }: Props<Q>) {
  const { t } = useTranslation();
  const paymentMethodLabel = usePaymentMethodLabel();
  const [form] = Form.useForm<FormValues>();
  const narrow = useNarrow();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const pickers = visiblePickers(callerType);
  // One watch per level, always in the same order (hooks), whether or not the report has the cascade.
  const orgValues = {
    mm: Form.useWatch('mm', form),
    agency: Form.useWatch('agency', form),
    agent: Form.useWatch('agent', form),
    merchant: Form.useWatch('merchant', form),
    branch: Form.useWatch('branch', form),
  } as Record<OrgField, number | undefined>;

  // The URL is the source of truth: back/forward and shared links refill the form.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toForm(def, query));
  }, [form, def, query]);

  const timed = timedRange(def);
  const presets = useMemo(() => {
    // A timed range's presets are the minutes before now, read when picked (the screen stays open).
    if (timed) return RECENT_PRESETS.map(({ minutes, labelKey }) => ({ label: t(labelKey), value: () => recentRange(minutes) }));
    const ranges = presetRanges(malaysianToday());
    return (Object.keys(PRESET_LABELS) as PresetKey[]).map((key) => ({ label: t(PRESET_LABELS[key]), value: ranges[key] }));
  }, [t, timed]);

  const onValuesChange = (changed: FormValues) => {
    for (const field of Object.keys(changed)) {
      if (pickers.some((p) => p.field === field)) form.setFieldsValue(Object.fromEntries(fieldsBelow(field as OrgField).map((f) => [f, undefined])));
    }
  };

  const control = (f: ReportFilter) => {
    switch (f.kind) {
      case 'dateRange':
        return (
          // A timed range's two ends read "DD-MM-YYYY HH:mm": a wider column, so neither is cut.
          <Col key="range" {...(timed ? TIMED_COL : COL)}>
            <Form.Item name="range" label={t(f.labelKey)}>
              <DatePicker.RangePicker
                presets={presets}
                format={timed ? 'DD-MM-YYYY HH:mm' : 'DD-MM-YYYY'}
                showTime={timed ? { format: 'HH:mm' } : undefined}
                allowEmpty={[true, true]}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        );
      case 'enum':
        return (
          <Col key={f.key} {...COL}>
            <Form.Item name={urlKeyOf(f.key)} label={t(f.labelKey)}>
              {f.enumKey === 'paymentMethod' ? (
                // Options from the payment-method lookup (§7); none when it fails, and the picker still works.
                <LookupSelect
                  lookup={usePaymentMethodListQuery}
                  filter={(m: PaymentMethodOption) => isPaymentMethod(m.Code) && f.values.map(String).includes(m.Code)}
                  toOption={(m: PaymentMethodOption) => ({ value: m.Code, label: paymentMethodLabel(m.Code) })}
                  mode="multiple"
                  allowClear
                  maxTagCount="responsive"
                  placeholder={t('common.all')}
                />
              ) : (
                <Select
                  mode="multiple"
                  allowClear
                  maxTagCount="responsive"
                  placeholder={t('common.all')}
                  // Typed text matches the label the user reads (in their language), not the code:
                  // "Settled after batch upload" must find UPLOADED (an e2e caught the default, value matching).
                  showSearch={{ optionFilterProp: 'label' }}
                  options={offeredCodes(def, f, callerType).map((code) => ({ value: String(code), label: enumText(t, f.enumKey, code) }))}
                />
              )}
            </Form.Item>
          </Col>
        );
      case 'org':
        return pickers.map((p) => (
          <Col key={p.field} {...COL}>
            <Form.Item name={p.field} label={t(p.labelKey)}>
              <OrgPicker level={p.level} parentId={parentFor(orgValues, p.field)} placeholder={t('common.all')} />
            </Form.Item>
          </Col>
        ));
      case 'moneyRange':
        return [
          <Col key="min" xs={12} sm={6} lg={4} xl={3}>
            <Form.Item name="min" label={t('txn.amountMin')} rules={[fieldRule('decimal'), moneyPrecisionRule(t('txn.amountPrecision'))]}>
              <Input inputMode="decimal" allowClear />
            </Form.Item>
          </Col>,
          <Col key="max" xs={12} sm={6} lg={4} xl={3}>
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
          </Col>,
        ];
      case 'code':
        return (
          <Col key={f.key} {...COL}>
            <Form.Item name={urlKeyOf(f.key)} label={t(f.labelKey)} rules={[codeRule(f)]} validateTrigger={['onChange', 'onBlur']}>
              {/* A digits-only code (last 4, batch number) gets the phone's number pad. */}
              <Input allowClear maxLength={f.maxLength} inputMode={f.pattern.source.startsWith('^\\d') ? 'numeric' : undefined} />
            </Form.Item>
          </Col>
        );
      case 'assignee':
        return (
          <Col key={f.key} {...COL}>
            <Form.Item name={urlKeyOf(f.key)} label={t(f.labelKey)}>
              <Select allowClear placeholder={t('common.all')} options={ASSIGNEE_FILTER_VALUES.map((v) => ({ value: v, label: t(`list.assignee.${v}`) }))} />
            </Form.Item>
          </Col>
        );
      case 'currency':
        return null;
    }
  };

  const search = (next: Q) => {
    setDrawerOpen(false);
    onSearch(next);
  };
  const formElement = (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={toForm(def, query)}
      onValuesChange={onValuesChange}
      onFinish={(v) => search(fromForm(def, v, query))}
      style={{ marginBottom: -8 }}
    >
      <Row gutter={16}>
        {def.filters.map(control)}
        <Col {...COL} style={{ display: 'flex', alignItems: 'flex-end' }}>
          <FilterActions onReset={() => search(cleared(def, query))} />
        </Col>
      </Row>
    </Form>
  );
  if (!narrow) return <Card size="small">{formElement}</Card>;
  const set = activeFilters(def, query);
  return (
    <>
      <Button icon={<FilterOutlined aria-hidden />} onClick={() => setDrawerOpen(true)} data-testid="filters-open" style={{ alignSelf: 'flex-start' }}>
        {set > 0 ? t('list.filters', { count: set }) : t('list.filtersNone')}
      </Button>
      {/* forceRender: the form exists closed too, so the URL refills it and Search reads it. */}
      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} placement="bottom" size="85%" title={t('list.filtersNone')} forceRender>
        {formElement}
      </Drawer>
    </>
  );
}

/** How many filters `query` sets (a date range counts once; other keys such as sort do not count). */
export function activeFilters(def: FilterDef, query: FilterQuery): number {
  const keys = def.filters.flatMap(filterUrlKeys);
  const set = (k: string) => {
    const v = query[k];
    return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
  };
  const range = set('from') || set('to') ? 1 : 0;
  return range + keys.filter((k) => k !== 'from' && k !== 'to' && set(k)).length;
}
