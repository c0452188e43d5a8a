/**
 * The ticket actions on a risk alert's detail at /risk (§4 PENDING → OPEN →
 * CLOSE): the RiskAlert workflow's commands (contract workflows/risk-alert.ts: take it, or take it
 * over when someone else has it, comment, close it with a resolution, then a confirmation) drawn
 * by the workflow engine's toolbar, and the alert's history with the transactions the rule
 * counted. A command shows when the caller holds its permission, the alert's status accepts it
 * and the server lists it for this caller (no "Take over" of one's own alert); the server decides
 * again (409 CF409 otherwise).
 */
import { useEffect, useState } from 'react';
import { Button, Flex, Modal, Result, Skeleton, Table, Typography } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RISK_ALERT_WORKFLOW, type ListReportDef, type ReportRow, type ResponseOf } from '@paydesk/contract';
import { formatDateTime } from '@paydesk/domain';
import { apiClient } from '../../api/index.ts';
import { formatMoney } from '../../shared/format.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import type { DetailActionsComponent } from '../../shared/report-actions.ts';
import { WorkflowActions } from '../../shared/workflow/workflow-actions.tsx';
import './texts.ts';

type RiskLog = ResponseOf<'riskLog'>;

function RiskHistory({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [log, setLog] = useState<RiskLog | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (id === null) return;
    const abort = new AbortController();
    setLog(null);
    setFailed(false);
    apiClient()
      .get('riskLog', { params: { Id: id }, signal: abort.signal })
      .then(setLog, () => !abort.signal.aborted && setFailed(true));
    return () => abort.abort();
  }, [id]);
  return (
    <Modal open={id !== null} title={t('riskDesk.historyTitle', { id })} footer={null} width={960} onCancel={onClose} destroyOnHidden afterClose={focusMainIfLost}>
      {failed ? (
        <Result status="warning" title={t('riskDesk.failed')} />
      ) : !log ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Flex vertical gap={16} data-testid="risk-history">
          <div tabIndex={0} role="region" aria-label={t('riskDesk.history')} style={{ overflowX: 'auto' }}>
            <Table
              rowKey={(e) => `${e.At}-${e.Action}-${e.Summary}`}
              size="small"
              pagination={false}
              tableLayout="fixed"
              style={{ minWidth: 760 }}
              dataSource={log.Events}
              columns={[
                { key: 'At', title: t('riskDesk.at'), width: 170, render: (_: unknown, e: RiskLog['Events'][number]) => formatDateTime(e.At) },
                { key: 'Action', title: t('riskDesk.event'), width: 130, render: (_: unknown, e: RiskLog['Events'][number]) => t(`riskDesk.event.${e.Action}`, { defaultValue: e.Action }) },
                { key: 'Actor', title: t('riskDesk.actor'), width: 190, render: (_: unknown, e: RiskLog['Events'][number]) => e.Actor ?? t('riskDesk.system') },
                { key: 'Summary', title: t('riskDesk.summary'), render: (_: unknown, e: RiskLog['Events'][number]) => e.Summary },
              ]}
            />
          </div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('riskDesk.evidence')}
          </Typography.Title>
          <div tabIndex={0} role="region" aria-label={t('riskDesk.evidence')} style={{ overflowX: 'auto' }}>
            <Table
              rowKey="Id"
              size="small"
              pagination={false}
              tableLayout="fixed"
              style={{ minWidth: 620 }}
              dataSource={log.Transactions}
              data-testid="risk-evidence"
              columns={[
                { key: 'Ref', title: t('txn.txnRefNoShort'), width: 200, render: (_: unknown, x: RiskLog['Transactions'][number]) => x.TxnRefNo },
                { key: 'At', title: t('txn.date'), width: 170, render: (_: unknown, x: RiskLog['Transactions'][number]) => formatDateTime(x.CreatedAt) },
                { key: 'Status', title: t('txn.status'), width: 110, render: (_: unknown, x: RiskLog['Transactions'][number]) => t(`enum.status.${x.Status}`, { defaultValue: x.Status }) },
                { key: 'Amount', title: t('txn.amount'), align: 'right' as const, render: (_: unknown, x: RiskLog['Transactions'][number]) => formatMoney(x.TxnAmount, x.Currency) },
              ]}
            />
          </div>
        </Flex>
      )}
    </Modal>
  );
}

/**
 * The actions the server allows this caller on the alert (riskLog's AllowedActions: no "Take over"
 * of one's own case), asked again whenever the record changes (`version`). None while they load
 * (no button that would vanish a moment later); undefined when they could not be read, and the
 * toolbar then follows the machine and the permissions alone (the server still decides).
 */
function useAllowedActions(id: number, version: string): readonly string[] | undefined {
  const [answer, setAnswer] = useState<{ key: string; actions: readonly string[] | undefined } | null>(null);
  const key = `${id}|${version}`;
  useEffect(() => {
    const abort = new AbortController();
    apiClient()
      .get('riskLog', { params: { Id: id }, signal: abort.signal })
      .then(
        (log) => setAnswer({ key, actions: log.AllowedActions }),
        () => !abort.signal.aborted && setAnswer({ key, actions: undefined }),
      );
    return () => abort.abort();
  }, [id, key]);
  return answer?.key === key ? answer.actions : [];
}

function RiskActions({ def, detail }: { def: ListReportDef; detail: ReportRow }) {
  const { t } = useTranslation();
  const [history, setHistory] = useState(false);
  const id = Number(detail.Id);
  const allowed = useAllowedActions(id, `${String(detail.Status)}|${String(detail.Assignee)}|${String(detail.UpdatedAt)}`);
  return (
    <>
      <WorkflowActions
        workflow={RISK_ALERT_WORKFLOW}
        def={def}
        detail={detail}
        allowed={allowed}
        testId="risk-actions"
        noteTestId="risk-note"
        extra={
          <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)}>
            {t('riskDesk.history')}
          </Button>
        }
      />
      <RiskHistory id={history ? id : null} onClose={() => setHistory(false)} />
    </>
  );
}

/** The ticket actions of a risk alert's detail (the RiskAlert report), or null for other reports. */
export function riskDetailActions(def: ListReportDef): DetailActionsComponent | null {
  return def.source === RISK_ALERT_WORKFLOW.source ? RiskActions : null;
}
