/**
 * The refund-handling screen's actions on a request's detail at /pre-chargeback:
 * details (the drawer itself), the RefundRequest workflow's commands (contract
 * workflows/refund-request.ts, drawn by the workflow engine's toolbar: manual refund with the §3
 * refund form read back and the amount confirmed, reject and not found with a required
 * description and the §8 prompt, resend acknowledgement with the prompt) and view log. A command
 * shows only when the caller holds its permission and the request's status accepts its action, so
 * the buttons a user sees are the moves the server allows; money-moving calls carry one
 * Idempotency-Key per opened dialog.
 */
import { useState } from 'react';
import { Button } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './texts.ts';
import { REFUND_REQUEST_WORKFLOW, type ListReportDef, type ReportRow } from '@paydesk/contract';
import { useAppSelector } from '../../store/hooks.ts';
import { selectHeldPermissions } from '../../store/selectors.ts';
import { WorkflowActions } from '../../shared/workflow/workflow-actions.tsx';
import { RefundLogDialog } from './refund-log-dialog.tsx';

export function DeskActions({ def, detail }: { def: ListReportDef; detail: ReportRow }) {
  const { t } = useTranslation();
  const held = useAppSelector(selectHeldPermissions);
  const [logOpen, setLogOpen] = useState(false);
  return (
    <>
      <WorkflowActions
        workflow={REFUND_REQUEST_WORKFLOW}
        def={def}
        detail={detail}
        testId="refund-actions"
        noteTestId="refund-description"
        reviewTestId="manual-refund-form"
        extra={
          held.has('prechargeback:viewlog') && (
            <Button icon={<HistoryOutlined />} onClick={() => setLogOpen(true)}>
              {t('refund.actions.viewLog')}
            </Button>
          )
        }
      />
      <RefundLogDialog id={logOpen ? Number(detail.Id) : null} onClose={() => setLogOpen(false)} />
    </>
  );
}
