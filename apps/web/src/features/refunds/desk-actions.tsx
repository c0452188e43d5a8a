/**
 * The refund-handling screen's actions on a request's detail at /pre-chargeback:
 * details (the drawer itself), the RefundRequest workflow's commands (contract
 * workflows/refund-request.ts, drawn by the workflow engine's toolbar: manual refund with the §3
 * refund form read back and the amount confirmed, reject and not found with a required
 * description and the §8 prompt, resend acknowledgement with the prompt), view log and the original
 * transaction (a link to its detail in its live view). A command
 * shows only when the caller holds its permission and the request's status accepts its action, so
 * the buttons a user sees are the moves the server allows; money-moving calls carry one
 * Idempotency-Key per opened dialog.
 */
import { useState } from 'react';
import { Button } from 'antd';
import { HistoryOutlined, LinkOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import './texts.ts';
import { REFUND_REQUEST_WORKFLOW, type ListReportDef, type ReportRow } from '@paydesk/contract';
import { transactionDetailPath } from '../../shared/transaction-link.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { selectHeldPermissions } from '../../store/selectors.ts';
import { WorkflowActions } from '../../shared/workflow/workflow-actions.tsx';
import { RefundLogDialog } from './refund-log-dialog.tsx';

/**
 * The request's original transaction in its live view (`{path}/{TransactionId}`, the view chosen by
 * the service type as the dashboard's drill does), for a caller holding that view; else null.
 */
export function originalTransactionPath(detail: ReportRow, held: ReadonlySet<string>): string | null {
  if (detail.TransactionId === null || detail.TransactionId === undefined || detail.TransactionId === '') return null;
  return transactionDetailPath(Number(detail.TransactionId), Number(detail.ServiceType), null, held);
}

/**
 * "Resend acknowledgement" cannot succeed when the merchant's configuration has no callback URL
 * (the detail's CallbackUrl): said on the disabled button instead of a delivery that fails.
 */
export function resendRefusal(detail: ReportRow, t: (key: string) => string): Record<string, string> | undefined {
  return typeof detail.CallbackUrl === 'string' && detail.CallbackUrl.trim() !== '' ? undefined : { RESEND_ACK: t('refund.noCallback') };
}

export function DeskActions({ def, detail }: { def: ListReportDef; detail: ReportRow }) {
  const { t } = useTranslation();
  const held = useAppSelector(selectHeldPermissions);
  const [logOpen, setLogOpen] = useState(false);
  const navigate = useNavigate();
  const original = originalTransactionPath(detail, held);
  return (
    <>
      <WorkflowActions
        workflow={REFUND_REQUEST_WORKFLOW}
        def={def}
        detail={detail}
        refused={resendRefusal(detail, t)}
        testId="refund-actions"
        noteTestId="refund-description"
        reviewTestId="manual-refund-form"
        extra={
          <>
            {held.has('prechargeback:viewlog') && (
              <Button icon={<HistoryOutlined />} onClick={() => setLogOpen(true)}>
                {t('refund.actions.viewLog')}
              </Button>
            )}
            {original && (
              <Button icon={<LinkOutlined aria-hidden />} data-testid="refund-original" onClick={() => navigate(original)}>
                {t('refund.openTransaction', { ref: String(detail.TxnRefNo ?? '') })}
              </Button>
            )}
          </>
        }
      />
      <RefundLogDialog id={logOpen ? Number(detail.Id) : null} onClose={() => setLogOpen(false)} />
    </>
  );
}
