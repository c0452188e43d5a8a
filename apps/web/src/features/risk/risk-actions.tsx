/**
 * The ticket actions on a risk alert's detail at /risk (§4 PENDING → OPEN →
 * CLOSE): the RiskAlert workflow's commands (contract workflows/risk-alert.ts: take it, or take it
 * over when someone else has it, assign it to a colleague picked from the server's list, comment,
 * close it with a resolution, then a confirmation) drawn by the workflow engine's toolbar, the
 * rule's finding and the transactions it counted inline (risk-evidence.tsx), and the alert's
 * history. A command shows when the caller holds its permission, the alert's status accepts it
 * and the server lists it for this caller (no "Take over" of one's own alert, no "Assign to"
 * without a colleague); the server decides again (409 CF409 otherwise).
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Flex, Modal, Result, Skeleton, Table } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RISK_ALERT_WORKFLOW, type ListReportDef, type ReportRow, type ResponseOf } from '@paydesk/contract';
import { formatDateTime } from '@paydesk/domain';
import { apiClient } from '../../api/index.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import type { DetailActionsComponent } from '../../shared/report-actions.ts';
import { WorkflowActions } from '../../shared/workflow/workflow-actions.tsx';
import { raisedSummary, RiskEvidence } from './risk-evidence.tsx';
import './texts.ts';

type RiskLog = ResponseOf<'riskLog'>;

function RiskHistory({ def, log, open, onClose }: { def: ListReportDef; log: RiskLog | null | undefined; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Modal open={open} title={t('riskDesk.historyTitle', { id: log?.Id ?? '' })} footer={null} width={960} onCancel={onClose} destroyOnHidden afterClose={focusMainIfLost}>
      {log === undefined ? (
        <Result status="warning" title={t('riskDesk.failed')} />
      ) : log === null ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <div tabIndex={0} role="region" aria-label={t('riskDesk.history')} style={{ overflowX: 'auto' }} data-testid="risk-history">
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
              {
                key: 'Summary',
                title: t('riskDesk.summary'),
                // The raising is written from the alert's fields in words and units (the stored line carries the rule's code).
                render: (_: unknown, e: RiskLog['Events'][number]) => (e.Action === 'RAISED' ? raisedSummary(t, def, log, i18n.language) : e.Summary),
              },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}

/**
 * The alert's log for this caller (riskLog: history, evidence, the actions the server allows and
 * the colleagues it may be given to), asked again whenever the record changes (`version`): null
 * while it loads (no button that would vanish a moment later), undefined when it could not be
 * read (the toolbar then follows the machine and the permissions alone; the server still decides).
 */
function useRiskLog(id: number, version: string): RiskLog | null | undefined {
  const [answer, setAnswer] = useState<{ key: string; log: RiskLog | undefined } | null>(null);
  const key = `${id}|${version}`;
  useEffect(() => {
    const abort = new AbortController();
    apiClient()
      .get('riskLog', { params: { Id: id }, signal: abort.signal })
      .then(
        (log) => setAnswer({ key, log }),
        () => !abort.signal.aborted && setAnswer({ key, log: undefined }),
      );
    return () => abort.abort();
  }, [id, key]);
  return answer?.key === key ? answer.log : null;
}

function RiskActions({ def, detail }: { def: ListReportDef; detail: ReportRow }) {
  const { t } = useTranslation();
  const [history, setHistory] = useState(false);
  const id = Number(detail.Id);
  const log = useRiskLog(id, `${String(detail.Status)}|${String(detail.Assignee)}|${String(detail.UpdatedAt)}`);
  const allowed = log === null ? [] : log?.AllowedActions;
  const choices = useMemo(() => ({ AssigneeUserId: (log?.Assignees ?? []).map((u) => ({ value: u.Id, label: u.Email })) }), [log]);
  return (
    <Flex vertical gap={16}>
      <WorkflowActions
        workflow={RISK_ALERT_WORKFLOW}
        def={def}
        detail={detail}
        allowed={allowed}
        choices={choices}
        testId="risk-actions"
        noteTestId="risk-note"
        extra={
          <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)}>
            {t('riskDesk.history')}
          </Button>
        }
      />
      {log && <RiskEvidence def={def} log={log} />}
      <RiskHistory def={def} log={log} open={history} onClose={() => setHistory(false)} />
    </Flex>
  );
}

/** The ticket actions of a risk alert's detail (the RiskAlert report), or null for other reports. */
export function riskDetailActions(def: ListReportDef): DetailActionsComponent | null {
  return def.source === RISK_ALERT_WORKFLOW.source ? RiskActions : null;
}
