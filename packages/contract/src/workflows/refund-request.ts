/**
 * The refund desk's request (§4 refund request status; domain refund-flow.ts) as a workflow: the
 * PreChargeback list report at /pre-chargeback; the manual refund (the §3 form read back, then
 * sent with an Idempotency-Key), reject and not found (a description, then the §8 prompt) and
 * resend acknowledgement (the prompt).
 */
import { REFUND_MACHINE } from '@paydesk/domain';
import { defineWorkflow } from './define.ts';

export const REFUND_REQUEST_WORKFLOW = defineWorkflow({
  name: 'RefundRequest',
  source: 'refund_requests',
  alsoRefreshes: ['transactions'],
  stateColumn: 'Status',
  refColumn: 'TxnRefNo',
  machine: REFUND_MACHINE,
  toolbarLabel: 'refund.actionsLabel',
  commands: [
    {
      action: 'REFUND', route: 'updateRefund', label: 'refund.actions.manual', icon: 'refund', primary: true, done: 'refund.done.refunded',
      review: {
        ok: 'refund.confirmRefund',
        items: [
          { label: 'refund.serviceType', column: 'ServiceType', as: { enum: 'serviceType' } },
          { label: 'refund.references', column: 'TxnRefNo' },
          { label: 'refund.formAmount', column: 'TxnAmount', as: 'money' },
        ],
      },
      body: (row) => ({ ServiceType: Number(row.ServiceType), TxnReferences: [String(row.TxnRefNo ?? '')], TxnAmount: String(row.TxnAmount ?? '0') }),
    },
    { action: 'REJECT', route: 'rejectRefund', label: 'refund.actions.reject', icon: 'reject', danger: true, note: { field: 'Description', label: 'refund.descriptionLabel' }, confirm: 'refund.prompt.reject', done: 'refund.done.rejected', bulk: { confirm: 'refund.bulk.reject' } },
    { action: 'NOT_FOUND', route: 'refundTxnNotFound', label: 'refund.actions.notFound', icon: 'search', note: { field: 'Description', label: 'refund.descriptionLabel' }, confirm: 'refund.prompt.notFound', done: 'refund.done.notFound', bulk: { confirm: 'refund.bulk.notFound' } },
    { action: 'RESEND_ACK', route: 'resendRefundAck', label: 'refund.actions.resend', icon: 'send', confirm: 'refund.prompt.resend', done: 'refund.done.resent' },
  ],
});
