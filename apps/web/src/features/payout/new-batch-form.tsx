/**
 * The "New batch" form of the bank payout batches: payout date (today in
 * Malaysian time by default, DD-MM-YYYY on screen, sent as YYYY-MM-DD), channel and currency (MYR
 * by default; the currency lookup's active codes). "Create batch" asks for confirmation, then
 * sends POST Payout/Batch/Create with an Idempotency-Key, shows the batch's reference, line count
 * and total, and warns of the due payouts left out for want of a payout bank account.
 */
import { useRef, useState } from 'react';
import { App, Button, DatePicker, Flex, Form, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PAYOUT_CHANNELS, VALIDATION_MESSAGES, enumLabelKey, type PayoutChannel } from '@paydesk/domain';
import { messageText } from '../../shared/field-rule.ts';
import { formatCount, formatMoney } from '../../shared/format.ts';
import { useCurrenciesQuery } from '../../store/api.ts';
import { BUSINESS_CURRENCY } from '../../store/header-currency.ts';
import { malaysianToday } from '../../shared/date-presets.ts';
import { attemptKey, outcomeUnknown, usePayoutBatchCreateMutation, type BatchCreateBody, type PayoutBatch, type PendingAttempt } from './batch-api.ts';
import './texts.ts';

interface Values {
  PayoutDate: Dayjs;
  Channel: PayoutChannel;
  Currency: string;
}

/** The form; `onCreated` hears each batch made (the list refreshes, the report too). */
export function NewBatchForm({ onCreated }: { onCreated: (batch: PayoutBatch) => void }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const currencies = useCurrenciesQuery();
  const [busy, setBusy] = useState(false);
  const [createBatch] = usePayoutBatchCreateMutation();
  // The key of an attempt the server did not answer: the next attempt of the same body reuses it.
  const pending = useRef<PendingAttempt | null>(null);

  const codes = (currencies.data ?? []).map((c) => c.CurrencyCode);
  const currencyOptions = (codes.includes(BUSINESS_CURRENCY) ? codes : [BUSINESS_CURRENCY, ...codes]).map((c) => ({ value: c, label: c }));
  const channelText = (c: PayoutChannel) => t(enumLabelKey('payoutChannel', c));
  const required = [{ required: true, message: messageText(VALIDATION_MESSAGES.required) }];

  const send = async (body: BatchCreateBody) => {
    const text = JSON.stringify(body);
    const key = attemptKey(pending.current, text);
    setBusy(true);
    try {
      const made = await createBatch({
        body,
        idempotencyKey: key,
        onFailure: (verdict) => {
          pending.current = outcomeUnknown(verdict) ? { body: text, key } : null;
        },
      }).unwrap();
      pending.current = null;
      void message.success(t('payoutBatch.made', { count: made.LineCount, reference: made.Reference, lines: formatCount(made.LineCount, i18n.language), total: formatMoney(made.Total, made.Currency) }));
      if (made.SkippedNoAccount > 0) void message.warning(t('payoutBatch.skipped', { count: made.SkippedNoAccount, skipped: formatCount(made.SkippedNoAccount, i18n.language) }), 8);
      onCreated(made);
    } catch {
      // The client showed the server's message (nothing due, …) or the network error.
    } finally {
      setBusy(false);
    }
  };

  const confirm = (v: Values) => {
    const body: BatchCreateBody = { PayoutDate: v.PayoutDate.format('YYYY-MM-DD'), Channel: v.Channel, Currency: v.Currency };
    modal.confirm({
      title: t('payoutBatch.confirmCreate', { channel: channelText(v.Channel), currency: v.Currency, date: v.PayoutDate.format('DD-MM-YYYY') }),
      content: t('payoutBatch.confirmCreateNote'),
      okText: t('payoutBatch.yes'),
      cancelText: t('resource.cancel'),
      onOk: () => send(body),
    });
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ PayoutDate: malaysianToday(), Currency: BUSINESS_CURRENCY }}
      onFinish={confirm}
      data-testid="payout-batch-form"
    >
      <Flex wrap gap={12} align="flex-end">
        <Form.Item name="PayoutDate" label={t('payoutBatch.payoutDate')} rules={required} style={{ marginBottom: 0 }}>
          <DatePicker format="DD-MM-YYYY" allowClear={false} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="Channel" label={t('payoutBatch.channel')} rules={required} style={{ marginBottom: 0, minWidth: 220 }}>
          <Select options={PAYOUT_CHANNELS.map((c) => ({ value: c, label: channelText(c) }))} data-testid="payout-batch-channel" />
        </Form.Item>
        <Form.Item name="Currency" label={t('payoutBatch.currency')} rules={required} style={{ marginBottom: 0, minWidth: 110 }}>
          <Select showSearch={{ optionFilterProp: 'label' }} loading={currencies.isFetching} options={currencyOptions} data-testid="payout-batch-currency" />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={busy} data-testid="payout-batch-create">
          {t('payoutBatch.create')}
        </Button>
      </Flex>
    </Form>
  );
}
