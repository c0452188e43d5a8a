/**
 * The refund-handling screen's actions on a request's detail at /pre-chargeback:
 * details (the drawer itself), manual refund, reject, mark not found, resend acknowledgement and
 * view log. A button shows only when the caller holds its permission and the request's status
 * accepts its action (refund-flow.ts `statusesAccepting`), so the buttons a user sees are the
 * moves the server allows. Reject and not found ask for a description (required, §5) and then the
 * §8 prompt; resend asks the §8 prompt; the manual refund shows the §3 refund form read-only and
 * asks to confirm the amount. Money-moving calls carry one Idempotency-Key per opened dialog.
 */
import { useState } from 'react';
import { App, Button, Descriptions, Flex, Modal } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, FileSearchOutlined, HistoryOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './texts.ts';
import type { ReportRow } from '@paydesk/contract';
import { statusesAccepting, type RefundAction, type RefundStatus } from '@paydesk/domain';
import { formatMoney } from '../../shared/format.ts';
import { NoteDialog } from '../../shared/note-dialog.tsx';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { selectHeldPermissions } from '../../store/selectors.ts';
import { newIdempotencyKey, useRefundDeskActionMutation, type DeskCall } from './refund-api.ts';
import { RefundLogDialog } from './refund-log-dialog.tsx';

type Decision = 'reject' | 'notFound';

const DECISIONS: Record<Decision, { route: 'rejectRefund' | 'refundTxnNotFound'; prompt: string; title: string; done: string }> = {
  reject: { route: 'rejectRefund', prompt: 'refund.prompt.reject', title: 'refund.actions.reject', done: 'refund.done.rejected' },
  notFound: { route: 'refundTxnNotFound', prompt: 'refund.prompt.notFound', title: 'refund.actions.notFound', done: 'refund.done.notFound' },
};

/** Whether `status` accepts `action` (the state machine the server applies). */
const accepts = (status: RefundStatus, action: RefundAction) => statusesAccepting(action).includes(status);

export function DeskActions({ detail }: { detail: ReportRow }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [deskAction] = useRefundDeskActionMutation();
  const held = useAppSelector(selectHeldPermissions);
  const [refunding, setRefunding] = useState(false);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);

  const id = Number(detail.Id);
  const status = String(detail.Status) as RefundStatus;
  const ref = String(detail.TxnRefNo ?? '');
  const amount = String(detail.TxnAmount ?? '0');
  const currency = String(detail.Currency ?? 'MYR');
  const can = (permission: string, action?: RefundAction) => held.has(permission) && (!action || accepts(status, action));

  /** Runs a desk action; answers whether it succeeded (a refusal has had its toast). */
  const run = async (call: DeskCall, done: string): Promise<boolean> => {
    setBusy(true);
    try {
      // The mutation asks the refund views again.
      await deskAction(call).unwrap();
      void message.success(t(done, { ref }));
      setKey(newIdempotencyKey());
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };

  const refund = async () => {
    const ok = await run({ name: 'updateRefund', body: { Id: id, ServiceType: Number(detail.ServiceType), TxnReferences: [ref], TxnAmount: amount }, idempotencyKey: key }, 'refund.done.refunded');
    if (ok) setRefunding(false);
  };

  const decide = (description: string) => {
    if (!deciding) return;
    const d = DECISIONS[deciding];
    modal.confirm({
      title: t(d.prompt),
      okText: t('refund.yes'),
      cancelText: t('resource.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        if (await run({ name: d.route, body: { Id: id, Description: description } } as DeskCall, d.done)) setDeciding(null);
      },
    });
  };

  const resend = () =>
    modal.confirm({
      title: t('refund.prompt.resend'),
      okText: t('refund.yes'),
      cancelText: t('resource.cancel'),
      onOk: async () => void (await run({ name: 'resendRefundAck', body: { Id: id }, idempotencyKey: key }, 'refund.done.resent')),
    });

  return (
    <>
      <Flex wrap gap={8} role="toolbar" aria-label={t('refund.actionsLabel')} data-testid="refund-actions">
        {can('prechargeback:refund', 'REFUND') && (
          <Button type="primary" icon={<CheckCircleOutlined />} onClick={() => setRefunding(true)}>
            {t('refund.actions.manual')}
          </Button>
        )}
        {can('prechargeback:reject', 'REJECT') && (
          <Button danger icon={<CloseCircleOutlined />} onClick={() => setDeciding('reject')}>
            {t('refund.actions.reject')}
          </Button>
        )}
        {can('prechargeback:notfound', 'NOT_FOUND') && (
          <Button icon={<FileSearchOutlined />} onClick={() => setDeciding('notFound')}>
            {t('refund.actions.notFound')}
          </Button>
        )}
        {can('prechargeback:resendack', 'RESEND_ACK') && (
          <Button icon={<SendOutlined />} onClick={resend} loading={busy && !refunding && !deciding}>
            {t('refund.actions.resend')}
          </Button>
        )}
        {can('prechargeback:viewlog') && (
          <Button icon={<HistoryOutlined />} onClick={() => setLogOpen(true)}>
            {t('refund.actions.viewLog')}
          </Button>
        )}
      </Flex>

      <Modal
        open={refunding}
        title={t('refund.actions.manual')}
        okText={t('refund.confirmRefund', { amount: formatMoney(amount, currency) })}
        cancelText={t('resource.cancel')}
        okButtonProps={{ loading: busy }}
        onOk={() => void refund()}
        onCancel={() => setRefunding(false)}
        destroyOnHidden
        afterClose={focusMainIfLost}
      >
        <Descriptions
          bordered
          size="small"
          column={1}
          data-testid="manual-refund-form"
          items={[
            { key: 'st', label: t('refund.serviceType'), children: t(`enum.serviceType.${String(detail.ServiceType)}`) },
            { key: 'ref', label: t('refund.references'), children: ref },
            { key: 'amount', label: t('refund.formAmount'), children: formatMoney(amount, currency) },
          ]}
        />
      </Modal>

      <NoteDialog
        open={deciding !== null}
        title={deciding ? t(DECISIONS[deciding].title) : ''}
        okText={deciding ? t(DECISIONS[deciding].title) : ''}
        label={t('refund.descriptionLabel')}
        danger={deciding === 'reject'}
        busy={busy}
        testId="refund-description"
        onSubmit={decide}
        onCancel={() => setDeciding(null)}
      />

      <RefundLogDialog id={logOpen ? id : null} onClose={() => setLogOpen(false)} />
    </>
  );
}
