/**
 * The workflow engine's row-command toolbar on a record's detail: one button per command of the
 * workflow (contract workflows/) that the caller may run on the record now (workflow-commands.ts),
 * then the feature's own buttons (`extra`, e.g. its history). A click runs what the command
 * declares:
 *  - a note: the note dialog (required, ≤ 250 characters), then its prompt if any, then the call;
 *  - a pick: the choice dialog over the record's `choices[field]` (pick-dialog.tsx), then its
 *    prompt if any, then the call (no choices: the command does not show);
 *  - a review: the row read back (text, money in the row's Currency, enum labels), OK sends;
 *  - a prompt only: the §8 prompt, then the call;
 *  - nothing: the call at once (the button shows it is loading).
 * The body is `{Id, ...command.body(row), [note.field]: text, [pick.field]: choice}`. A money-moving route carries one
 * Idempotency-Key per opened dialog (per click without one): a retry of the same body reuses it,
 * so the server answers it once. Success shows the command's done message, closes the dialog, asks
 * the record's views again (its reports, the drawer's report, the caller's `refresh` tags) and hands
 * the server's answer to `onDone`; a refusal has had its toast (the base query), so the dialog
 * stays open for another try.
 *
 * A command the screen knows will be refused (`refused`: the reason) shows disabled with its reason
 * in words under the toolbar.
 *
 * The record is a report row (a desk's drawer) or any record with its `Id` and state column (a
 * rollout, a key on their own screens). `WorkflowActions` draws the toolbar and its dialogs
 * together; `useWorkflowActions` gives them apart, for a drawer that puts the toolbar in its footer
 * (gone once the record's new state offers nothing) while the dialogs stay mounted to close.
 */
import { useState, type ReactElement, type ReactNode } from 'react';
import { App, Button, Descriptions, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListReportDef, WorkflowCommand, WorkflowDef, WorkflowRecord } from '@paydesk/contract';
import { useAppSelector } from '../../store/hooks.ts';
import { selectHeldPermissions } from '../../store/selectors.ts';
import { focusMainIfLost } from '../focus-return.ts';
import { formatMoney } from '../format.ts';
import { NoteDialog } from '../note-dialog.tsx';
import { PickDialog, type PickChoice } from './pick-dialog.tsx';
import { commandLabel, routeIdempotent, rowState, visibleCommands } from './workflow-commands.ts';
import { WORKFLOW_ICONS } from './workflow-icons.tsx';
import type { ViewTag } from '../../store/api.ts';
import { useWorkflowCommandMutation, workflowSources } from './workflow-api.ts';

type Command = WorkflowCommand<string>;
type Review = NonNullable<Command['review']>;

/**
 * One user action's Idempotency-Key and the body it was last sent with: the same body again (a
 * retry) reuses the key; another body (the note edited after a refusal) takes a new one, since the
 * server refuses a key replayed with another body (IDEM422).
 */
interface Attempt {
  key: string;
  body?: string;
}

const newAttempt = (): Attempt => ({ key: crypto.randomUUID() });

function attemptKey(attempt: Attempt, body: Record<string, unknown>): string {
  const text = JSON.stringify(body);
  if (attempt.body !== undefined && attempt.body !== text) attempt.key = crypto.randomUUID();
  attempt.body = text;
  return attempt.key;
}

export interface WorkflowActionsProps {
  workflow: WorkflowDef;
  /** The record: a report row or an endpoint's answer, with its `Id` and the workflow's state column. */
  detail: WorkflowRecord;
  /** The report whose drawer shows the record (its views are asked again after a command). */
  def?: Pick<ListReportDef, 'api'>;
  /** Cache tags asked again after a command, besides the workflow's reports (a feature's own lists and detail). */
  refresh?: readonly ViewTag[];
  /**
   * The actions the server says this caller may take on the record (its AllowedActions, when it
   * answers them): a command whose action is not listed does not show, whatever the machine and
   * the permissions say (the server's per-user rules, e.g. a custodian's one component).
   */
  allowed?: readonly string[];
  /**
   * Commands that would be refused on this record for a reason the screen already knows (the
   * merchant has no callback URL): action → the reason in words. Such a command shows disabled,
   * its reason written under the toolbar (and read with the button), instead of failing after a
   * click or vanishing without a word.
   */
  refused?: Readonly<Record<string, string>>;
  /** The record's choices of each command `pick` field, as the server answered them for this caller. */
  choices?: Readonly<Record<string, readonly PickChoice[]>>;
  /** Called after a command succeeded, with the server's answer (the record as it now is, for routes that answer it). */
  onDone?: (answer: unknown, command: WorkflowCommand<string>) => void;
  /** Buttons after the commands (the feature's history or log, or its own dialogs' buttons). */
  extra?: ReactNode;
  /** data-testid of the toolbar, the note's text area and the review's list (the e2e tests name them). */
  testId?: string;
  noteTestId?: string;
  reviewTestId?: string;
}

/** The dialog of the command being run: its note or its review, with its button's text. */
interface OpenDialog {
  command: Command;
  label: string;
  attempt: Attempt;
}

/** The toolbar and its dialogs drawn together: the toolbar where the caller puts it, the dialogs beside it. */
export function WorkflowActions(props: WorkflowActionsProps) {
  const { toolbar, dialogs } = useWorkflowActions(props);
  return (
    <>
      {toolbar}
      {dialogs}
    </>
  );
}

/** What `useWorkflowActions` gives: the toolbar (null when it has no button) and its dialogs, to keep mounted. */
export interface WorkflowActionParts {
  toolbar: ReactElement | null;
  dialogs: ReactNode;
}

/**
 * The toolbar and its dialogs apart (see the file's comment): call it in a component that stays
 * mounted while the record changes state, render `dialogs` unconditionally and `toolbar` where the
 * buttons go. Must be inside the app's antd `App` (messages, prompts) and store provider.
 */
export function useWorkflowActions({ workflow, def, detail, refresh, allowed, refused, choices, onDone, extra, testId, noteTestId, reviewTestId }: WorkflowActionsProps): WorkflowActionParts {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const held = useAppSelector(selectHeldPermissions);
  const [sendCommand] = useWorkflowCommandMutation();
  // The last opened dialog stays set while it closes, so its texts do not blank during the animation.
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [visible, setVisible] = useState(false);
  // The action being sent: its dialog's OK (or, without a dialog, its button) shows it loading.
  const [sending, setSending] = useState<string | null>(null);

  const state = rowState(workflow, detail);
  const id = Number(detail.Id);
  const ref = cellText(detail[workflow.refColumn ?? 'Id']) || String(id);
  const currency = cellText(detail.Currency) || 'MYR';
  const sources = workflowSources(workflow);

  /** Sends `command` on the record; answers whether it succeeded (a refusal has had its toast). */
  const send = async (command: Command, attempt: Attempt, note?: string, picked?: number | string): Promise<boolean> => {
    const body: Record<string, unknown> = {
      Id: id,
      ...command.body?.(detail),
      ...(command.note && note !== undefined ? { [command.note.field]: note } : {}),
      ...(command.pick && picked !== undefined ? { [command.pick.field]: picked } : {}),
    };
    const options = routeIdempotent(command.route) ? { idempotencyKey: attemptKey(attempt, body) } : undefined;
    setSending(command.action);
    try {
      // The mutation asks every view of the record again.
      const answer = await sendCommand({ route: command.route, body, sources, report: def, refresh, options }).unwrap();
      void message.success(t(command.done, { id, ref }));
      onDone?.(answer, command);
      return true;
    } catch {
      return false;
    } finally {
      setSending(null);
    }
  };

  /** Asks the command's §8 prompt, then runs `then` (OK closes the prompt whatever the answer). */
  const prompt = (command: Command, then: () => Promise<unknown>) =>
    modal.confirm({
      title: t(command.confirm!, { id, ref }),
      content: command.confirmNote ? t(command.confirmNote, { id, ref }) : undefined,
      okText: t('resource.yes'),
      cancelText: t('resource.cancel'),
      okButtonProps: command.danger ? { danger: true } : undefined,
      onOk: async () => void (await then()),
    });

  const click = (command: Command, label: string) => {
    if (command.note || command.review || command.pick) {
      setDialog({ command, label, attempt: newAttempt() });
      setVisible(true);
      return;
    }
    const attempt = newAttempt();
    if (command.confirm) prompt(command, () => send(command, attempt));
    else void send(command, attempt);
  };

  const finish = async (run: OpenDialog, note?: string, picked?: number | string) => {
    if (await send(run.command, run.attempt, note, picked)) setVisible(false);
  };

  const submitNote = (text: string) => {
    if (!dialog) return;
    const run = dialog;
    if (run.command.confirm) prompt(run.command, () => finish(run, text));
    else void finish(run, text);
  };

  const submitPick = (value: number | string) => {
    if (!dialog) return;
    const run = dialog;
    if (run.command.confirm) prompt(run.command, () => finish(run, undefined, value));
    else void finish(run, undefined, value);
  };

  const review = dialog?.command.review;
  const pick = dialog?.command.pick;
  const commands = visibleCommands(workflow, state, held, allowed, choices);
  const toolbarId = testId ?? `${workflow.name}-actions`;
  const reasons = commands.filter((c) => refused?.[c.action]);
  const toolbar =
    commands.length > 0 || Boolean(extra) ? (
      <Flex vertical gap={4}>
        <Flex wrap gap={8} role="toolbar" aria-label={t(workflow.toolbarLabel)} data-testid={toolbarId}>
          {commands.map((c) => {
            const label = commandLabel(c, state);
            const loading = sending === c.action && !c.note && !c.review;
            const reason = refused?.[c.action];
            return (
              <Button
                key={c.action}
                type={c.primary ? 'primary' : 'default'}
                danger={c.danger}
                icon={WORKFLOW_ICONS[c.icon]}
                loading={loading}
                disabled={reason !== undefined}
                aria-describedby={reason !== undefined ? `${toolbarId}-why-${c.action}` : undefined}
                onClick={() => click(c, label)}
              >
                {t(label)}
              </Button>
            );
          })}
          {extra}
        </Flex>
        {reasons.map((c) => (
          <Typography.Text key={c.action} type="secondary" id={`${toolbarId}-why-${c.action}`} data-testid={`${toolbarId}-why`}>
            {t('workflow.refusedBecause', { action: t(commandLabel(c, state)), reason: refused![c.action] })}
          </Typography.Text>
        ))}
      </Flex>
    ) : null;
  const dialogs = (
    <>
      <NoteDialog
        open={visible && dialog?.command.note !== undefined}
        title={dialog ? t(dialog.label) : ''}
        okText={dialog ? t(dialog.label) : ''}
        label={dialog?.command.note ? t(dialog.command.note.label) : ''}
        danger={dialog?.command.danger}
        busy={sending !== null}
        testId={noteTestId ?? `${workflow.name}-note`}
        onSubmit={submitNote}
        onCancel={() => setVisible(false)}
      />
      <PickDialog
        open={visible && pick !== undefined}
        title={dialog ? t(dialog.label) : ''}
        okText={dialog ? t(dialog.label) : ''}
        label={pick ? t(pick.label) : ''}
        choices={pick ? (choices?.[pick.field] ?? []) : []}
        busy={sending !== null}
        testId={`${testId ?? `${workflow.name}-actions`}-pick`}
        onSubmit={submitPick}
        onCancel={() => setVisible(false)}
      />
      <Modal
        open={visible && dialog?.command.note === undefined && pick === undefined && review !== undefined}
        title={dialog ? t(dialog.label) : ''}
        okText={review ? t(review.ok, { amount: reviewAmount(review, detail, currency) }) : ''}
        cancelText={t('resource.cancel')}
        okButtonProps={{ danger: dialog?.command.danger, loading: sending !== null }}
        onOk={() => dialog && void finish(dialog)}
        onCancel={() => setVisible(false)}
        destroyOnHidden
        afterClose={focusMainIfLost}
      >
        {review && (
          <Descriptions
            bordered
            size="small"
            column={1}
            data-testid={reviewTestId ?? `${workflow.name}-review`}
            items={review.items.map((item) => ({ key: item.column, label: t(item.label), children: reviewValue(item, detail, currency, t) }))}
          />
        )}
      </Modal>
    </>
  );
  return { toolbar, dialogs };
}

/** A record's cell as text: a string or number as it is, anything else (null, absent) empty. */
const cellText = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** A review item's value as read back: money in the row's currency, an enum's label, or the text. */
function reviewValue(item: Review['items'][number], row: WorkflowRecord, currency: string, t: (key: string) => string): string {
  const value = row[item.column];
  if (item.as === 'money') return formatMoney(typeof value === 'number' || typeof value === 'string' ? value : null, currency);
  if (item.as) return t(`enum.${item.as.enum}.${cellText(value)}`);
  return cellText(value);
}

/** The review's `{{amount}}`: its first money item, formatted (empty when it has none). */
function reviewAmount(review: Review, row: WorkflowRecord, currency: string): string {
  const money = review.items.find((i) => i.as === 'money');
  return money ? reviewValue(money, row, currency, String) : '';
}
