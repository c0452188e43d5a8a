/**
 * The workflow engine's bulk bar over a list's selected rows (a desk's queue): "n selected", one
 * button per command the workflow declares `bulk` (contract workflows/define.ts) that the caller
 * holds and at least one selected row's state accepts, and "Clear selection". A click asks the
 * command's note once (the note dialog) and the bulk prompt ("Reject 5 refund requests?"), then
 * sends the command row by row: each row is its own operation on the server (permission, scope,
 * row lock, the machine, one audit row), so one refusal never undoes the others and the audit
 * trail stays one row per state change. A bulk endpoint would need one transaction per row under
 * one request, which the operations platform (one transaction, one audit row) does not give.
 *
 * Rows whose state the machine refuses are not sent ("Not sent: Rejected"); a row the server
 * refuses (another user moved it meanwhile) shows the server's message. The results dialog shows
 * progress while it runs and one line per row at the end (data-testid `bulk-results`); every view
 * of the records is asked again once, at the end, and the selection clears.
 */
import { useState } from 'react';
import { App, Button, Flex, List, Modal, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListReportDef, ReportRow, WorkflowCommand, WorkflowDef } from '@paydesk/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectHeldPermissions } from '../../store/selectors.ts';
import { NoteDialog } from '../note-dialog.tsx';
import { reportApi } from '../report-api.ts';
import './bulk-texts.ts';
import { bulkCommands, bulkPlan, routeIdempotent, rowState } from './workflow-commands.ts';
import { WORKFLOW_ICONS } from './workflow-icons.tsx';
import { useWorkflowCommandMutation, workflowSources, workflowViews } from './workflow-api.ts';

type Command = WorkflowCommand<string>;

/** One row's outcome: sent and done, refused by the server (its message), or not sent (its state). */
export interface BulkResult {
  id: number;
  ref: string;
  outcome: 'done' | 'refused' | 'skipped';
  message: string;
}

export interface BulkBarProps {
  workflow: WorkflowDef;
  /** The list the rows come from (its views are asked again at the end; its state column's labels). */
  def: ListReportDef;
  rows: readonly ReportRow[];
  onClear: () => void;
  /**
   * The rows of the page shown, and how to select them all: "Select this page" sits in the bar
   * (antd's header checkbox is not used: its hidden measuring row copied it, a focusable control
   * inside aria-hidden content).
   */
  page?: { rows: readonly ReportRow[]; onSelect: (rows: ReportRow[]) => void };
}

/** Whether the caller may run some bulk command of `workflow` (the list then offers row selection). */
export function useBulkAvailable(workflow: WorkflowDef | undefined): boolean {
  const held = useAppSelector(selectHeldPermissions);
  return workflow !== undefined && bulkCommands(workflow, held).length > 0;
}

/** The bar shown above a list while rows are selected; null with none. */
export function BulkBar({ workflow, def, rows, onClear, page }: BulkBarProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const dispatch = useAppDispatch();
  const held = useAppSelector(selectHeldPermissions);
  const [sendCommand] = useWorkflowCommandMutation();
  const [noteFor, setNoteFor] = useState<Command | null>(null);
  const [run, setRun] = useState<{ command: Command; total: number; results: BulkResult[]; running: boolean } | null>(null);

  const refOf = (row: ReportRow) => String(row[workflow.refColumn ?? 'Id'] ?? row.Id);
  const stateColumn = def.columns.find((c) => c.key === workflow.stateColumn);
  const stateLabel = (row: ReportRow) => {
    const state = rowState(workflow, row);
    return stateColumn?.enumKey ? t(`enum.${stateColumn.enumKey}.${state}`) : state;
  };

  const execute = async (command: Command, note?: string) => {
    const { send, skip } = bulkPlan(workflow, command, rows);
    const results: BulkResult[] = skip.map((row) => ({ id: row.Id, ref: refOf(row), outcome: 'skipped', message: t('bulk.notSent', { state: stateLabel(row) }) }));
    setRun({ command, total: rows.length, results: [...results], running: true });
    for (const row of send) {
      const ref = refOf(row);
      let refusal = '';
      const body = { Id: row.Id, ...command.body?.(row), ...(command.note && note !== undefined ? { [command.note.field]: note } : {}) };
      try {
        // No toast per row (the results say it) and no views asked again per row (once, below).
        await sendCommand({
          route: command.route,
          body,
          sources: [],
          options: { silent: true, onFailure: (v) => (refusal = v.messages.join(' ')), ...(routeIdempotent(command.route) ? { idempotencyKey: crypto.randomUUID() } : {}) },
        }).unwrap();
        results.push({ id: row.Id, ref, outcome: 'done', message: t(command.done, { id: row.Id, ref }) });
      } catch {
        results.push({ id: row.Id, ref, outcome: 'refused', message: refusal || t('bulk.failed') });
      }
      setRun({ command, total: rows.length, results: [...results], running: true });
    }
    dispatch(reportApi.util.invalidateTags(workflowViews(workflowSources(workflow), def)));
    setRun({ command, total: rows.length, results, running: false });
    onClear();
  };

  const start = (command: Command) => {
    if (command.note) setNoteFor(command);
    else ask(command);
  };
  const ask = (command: Command, note?: string) =>
    modal.confirm({
      title: t(command.bulk!.confirm, { count: rows.length }),
      okText: t('resource.yes'),
      cancelText: t('resource.cancel'),
      okButtonProps: command.danger ? { danger: true } : undefined,
      onOk: () => {
        setNoteFor(null);
        void execute(command, note);
      },
    });

  const offered = bulkCommands(workflow, held).filter((c) => bulkPlan(workflow, c, rows).send.length > 0);
  const done = run?.results.filter((r) => r.outcome === 'done').length ?? 0;
  const wholePage = page !== undefined && page.rows.length > 0 && page.rows.every((r) => rows.some((x) => x.Id === r.Id));
  return (
    <>
      {rows.length === 0 && page && page.rows.length > 0 && (
        <Button type="link" size="small" style={{ paddingInline: 0, marginBottom: 8 }} onClick={() => page.onSelect([...page.rows])} data-testid="bulk-select-page">
          {t('bulk.selectPageCount', { count: page.rows.length })}
        </Button>
      )}
      {rows.length > 0 && (
        <Flex wrap gap={8} align="center" role="toolbar" aria-label={t('bulk.toolbar')} data-testid="bulk-bar" style={{ marginBottom: 12 }}>
          <Typography.Text strong>{t('bulk.selected', { count: rows.length })}</Typography.Text>
          {page && !wholePage && (
            <Button type="link" onClick={() => page.onSelect([...page.rows])}>
              {t('bulk.selectPageCount', { count: page.rows.length })}
            </Button>
          )}
          {offered.map((c) => (
            <Button key={c.action} danger={c.danger} icon={WORKFLOW_ICONS[c.icon]} onClick={() => start(c)}>
              {t(c.label)}
            </Button>
          ))}
          {offered.length === 0 && <Typography.Text type="secondary">{t('bulk.nothing')}</Typography.Text>}
          <Button type="link" onClick={onClear}>
            {t('bulk.clear')}
          </Button>
        </Flex>
      )}
      <NoteDialog
        open={noteFor !== null}
        title={noteFor ? `${t(noteFor.label)} · ${t('bulk.selected', { count: rows.length })}` : ''}
        okText={noteFor ? t(noteFor.label) : ''}
        label={noteFor?.note ? t(noteFor.note.label) : ''}
        danger={noteFor?.danger}
        busy={false}
        testId="bulk-note"
        onSubmit={(text) => noteFor && ask(noteFor, text)}
        onCancel={() => setNoteFor(null)}
      />
      <Modal
        open={run !== null}
        title={run ? t('bulk.resultsTitle', { action: t(run.command.label), done, total: run.total }) : ''}
        closable={!run?.running}
        maskClosable={false}
        footer={
          <Button type="primary" disabled={run?.running} onClick={() => setRun(null)}>
            {t('bulk.close')}
          </Button>
        }
        onCancel={() => !run?.running && setRun(null)}
      >
        {run && (
          <Flex vertical gap={12} data-testid="bulk-results">
            <Progress percent={Math.round((run.results.length / Math.max(run.total, 1)) * 100)} status={run.running ? 'active' : done === run.total ? 'success' : 'normal'} />
            <List
              size="small"
              dataSource={run.results}
              renderItem={(r) => (
                <List.Item data-testid="bulk-result">
                  <Flex gap={8} align="baseline" wrap>
                    <Tag color={r.outcome === 'done' ? 'success' : r.outcome === 'refused' ? 'error' : 'default'}>{t(`bulk.outcome.${r.outcome}`)}</Tag>
                    <Typography.Text strong>{r.ref}</Typography.Text>
                    <Typography.Text type="secondary">{r.message}</Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          </Flex>
        )}
      </Modal>
    </>
  );
}
