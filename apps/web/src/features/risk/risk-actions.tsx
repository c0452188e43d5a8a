/**
 * The ticket actions on a risk alert's detail at /risk (§4 PENDING → OPEN →
 * CLOSE): take it (or take it over when someone else has it), comment, close it with a
 * resolution (required, then a confirmation), and its history with the transactions the rule
 * counted. A button shows when the caller holds its permission and the alert's status accepts it;
 * the server decides again (409 CF409 otherwise).
 */
import { useEffect, useState } from 'react';
import { App, Button, Flex, Modal, Result, Skeleton, Table, Typography } from 'antd';
import { CheckOutlined, CommentOutlined, HistoryOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ListReportDef, ReportRow, ResponseOf } from '@paydesk/contract';
import { formatDateTime } from '@paydesk/domain';
import { apiClient } from '../../api/index.ts';
import { formatMoney } from '../../shared/format.ts';
import { NoteDialog } from '../../shared/note-dialog.tsx';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { selectHeldPermissions } from '../../store/selectors.ts';
import type { DetailActionsComponent } from '../../shared/report-actions.ts';
import { useRiskAssignMutation, useRiskCloseMutation, useRiskCommentMutation } from './risk-api.ts';
import './texts.ts';

type RiskLog = ResponseOf<'riskLog'>;
type Note = 'comment' | 'close';

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

function RiskActions({ def, detail }: { def: ListReportDef; detail: ReportRow }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const held = useAppSelector(selectHeldPermissions);
  const [assign] = useRiskAssignMutation();
  const [comment] = useRiskCommentMutation();
  const [closeAlert] = useRiskCloseMutation();
  const [note, setNote] = useState<Note | null>(null);
  const [history, setHistory] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = Number(detail.Id);
  const status = String(detail.Status);

  // Each action's mutation asks the report again once it succeeded.
  const run = async (call: () => { unwrap: () => Promise<unknown> }, done: string) => {
    setBusy(true);
    try {
      await call().unwrap();
      void message.success(t(done, { id }));
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submitNote = async (text: string) => {
    if (note === 'comment') {
      if (await run(() => comment({ report: def, body: { Id: id, Comment: text } }), 'riskDesk.commented')) setNote(null);
      return;
    }
    modal.confirm({
      title: t('riskDesk.closePrompt'),
      okText: t('riskDesk.yes'),
      cancelText: t('resource.cancel'),
      onOk: async () => {
        if (await run(() => closeAlert({ report: def, body: { Id: id, Resolution: text } }), 'riskDesk.closed')) setNote(null);
      },
    });
  };

  const open = status === 'PENDING' || status === 'OPEN';
  return (
    <>
      <Flex wrap gap={8} role="toolbar" aria-label={t('riskDesk.actionsLabel')} data-testid="risk-actions">
        {held.has('risk:assign') && open && (
          <Button type="primary" icon={<UserAddOutlined />} loading={busy && note === null} onClick={() => void run(() => assign({ report: def, body: { Id: id } }), 'riskDesk.taken')}>
            {t(status === 'PENDING' ? 'riskDesk.take' : 'riskDesk.takeOver')}
          </Button>
        )}
        {held.has('risk:assign') && open && (
          <Button icon={<CommentOutlined />} onClick={() => setNote('comment')}>
            {t('riskDesk.comment')}
          </Button>
        )}
        {held.has('risk:close') && status === 'OPEN' && (
          <Button icon={<CheckOutlined />} onClick={() => setNote('close')}>
            {t('riskDesk.close')}
          </Button>
        )}
        <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)}>
          {t('riskDesk.history')}
        </Button>
      </Flex>
      <NoteDialog
        open={note !== null}
        title={t(note === 'close' ? 'riskDesk.close' : 'riskDesk.comment')}
        okText={t(note === 'close' ? 'riskDesk.close' : 'riskDesk.comment')}
        label={t(note === 'close' ? 'riskDesk.resolutionLabel' : 'riskDesk.commentLabel')}
        busy={busy}
        testId="risk-note"
        onSubmit={(text) => void submitNote(text)}
        onCancel={() => setNote(null)}
      />
      <RiskHistory id={history ? id : null} onClose={() => setHistory(false)} />
    </>
  );
}

/** The ticket actions of a risk alert's detail (the RiskAlert report), or null for other reports. */
export function riskDetailActions(def: ListReportDef): DetailActionsComponent | null {
  return def.source === 'risk_alerts' ? RiskActions : null;
}
