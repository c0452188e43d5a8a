/**
 * The §3 refund form, opened from a transaction's detail by a user holding `prechargeback:request`:
 * service type (required, 'placeholder_cannot_be_empty' §5; every service type
 * but terminal §9, the transaction's own chosen), the transaction reference (sent as
 * TxnReferences), the refund amount read-only (TxnAmount: the refundable amount, the amount less
 * what was refunded, §5 "cannot be typed"), the reason (§9 FR, DP, RC, OT; required) and an
 * optional description. One Idempotency-Key per opening: a retried submission is answered once.
 * A refusal keeps the dialog open (the client showed its toast).
 */
import { useState } from 'react';
import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import './texts.ts';
import { REFUND_REASONS, REFUND_SERVICE_TYPE_CODES, VALIDATION_MESSAGES } from '@paydesk/domain';
import { messageText } from '../../shared/field-rule.ts';
import { formatMoney } from '../../shared/format.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { newIdempotencyKey, useRequestRefundMutation } from './refund-api.ts';

export interface RefundTarget {
  ref: string;
  serviceType: number | null;
  /** The refundable amount (ringgit, decimal string) and its currency. */
  refundable: string;
  currency: string;
}

interface Values {
  ServiceType?: number;
  ReasonCode?: string;
  Description?: string;
}

export function RefundRequestDialog({ target, onClose }: { target: RefundTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [requestRefund] = useRequestRefundMutation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const required = messageText(VALIDATION_MESSAGES.required);

  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields();
    setBusy(true);
    try {
      // The mutation asks the refund views again.
      await requestRefund({
        body: { ServiceType: values.ServiceType!, TxnReferences: [target.ref], TxnAmount: target.refundable, ReasonCode: values.ReasonCode as never, Description: values.Description?.trim() || undefined },
        idempotencyKey: key,
      }).unwrap();
      void message.success(t('refund.requested', { ref: target.ref }));
      setKey(newIdempotencyKey());
      onClose();
    } catch {
      // The client showed the server's message; the form stays for a correction.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      title={t('refund.requestTitle')}
      okText={t('refund.submit')}
      cancelText={t('resource.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'refund-submit' } as never}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      afterClose={focusMainIfLost}
    >
      {target && (
        <Form form={form} layout="vertical" initialValues={{ ServiceType: target.serviceType ?? undefined }} data-testid="refund-form">
          <Form.Item name="ServiceType" label={t('refund.serviceType')} rules={[{ required: true, message: required }]}>
            <Select
              allowClear
              options={REFUND_SERVICE_TYPE_CODES.map((c) => ({ value: c, label: t(`enum.serviceType.${c}`) }))}
              placeholder={t('refund.serviceTypePlaceholder')}
            />
          </Form.Item>
          <Form.Item label={t('refund.references')}>
            <Input value={target.ref} readOnly data-testid="refund-references" />
          </Form.Item>
          <Form.Item label={t('refund.formAmount')} extra={t('refund.amountHelp')}>
            <Input value={formatMoney(target.refundable, target.currency)} readOnly data-testid="refund-amount" />
          </Form.Item>
          <Form.Item name="ReasonCode" label={t('refund.reasonLabel')} rules={[{ required: true, message: required }]}>
            <Select options={REFUND_REASONS.map((r) => ({ value: r, label: t(`enum.refundReason.${r}`) }))} placeholder={t('refund.reasonPlaceholder')} />
          </Form.Item>
          <Form.Item name="Description" label={t('refund.descriptionLabel')} rules={[{ max: 250, message: messageText(VALIDATION_MESSAGES.tooLong) }]}>
            <Input.TextArea rows={3} maxLength={250} showCount />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
