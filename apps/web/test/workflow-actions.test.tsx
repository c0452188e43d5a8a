/**
 * The workflow engine's row-command toolbar (shared/workflow/), over every declared workflow and
 * every state of its machine: a user holding every permission sees exactly the commands whose
 * action the state accepts, labelled as declared (`labelWhen` included); a user holding none sees
 * none. For the records with their own screen (a firmware rollout, a zone master key: not report
 * rows), every state, every set of the workflow's permissions and every set of actions the server
 * allows: exactly the commands the machine accepts, the permissions allow and the server lists.
 * The declarations' permission copy equals the route table's, and every text key they name is in
 * en, ms and zh. Then the ways a command runs, against test/fake-server.ts: a review read back and
 * sent with an Idempotency-Key (the same key again after a refusal of the same body), a note then
 * the §8 prompt, a command sent at once, and on a rollout a prompt naming the record, then its
 * feature's views asked again and the answer handed back.
 */
import './setup-dom.ts';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import {
  FIRMWARE_ROLLOUT_WORKFLOW,
  LIST_REPORTS,
  REFUND_REQUEST_WORKFLOW,
  RISK_ALERT_WORKFLOW,
  WORKFLOWS,
  WORKFLOW_PERMISSIONS,
  ZMK_KEY_WORKFLOW,
  routes,
  type RouteDef,
  type WorkflowDef,
  type WorkflowRecord,
} from '@paydesk/contract';
import { memoryChannelStore } from '../src/api/channel-store.ts';
import { createApiClient } from '../src/api/client.ts';
import { setApiClient } from '../src/api/index.ts';
import { FIRMWARE_TAG, useRolloutGetQuery } from '../src/features/firmware/firmware-api.ts';
import { FIRMWARE_TEXTS } from '../src/features/firmware/texts.ts';
import { REFUND_TEXTS } from '../src/features/refunds/texts.ts';
import { RISK_TEXTS } from '../src/features/risk/texts.ts';
import { ZMK_TEXTS } from '../src/features/zmk/texts.ts';
import { en } from '../src/i18n/en.ts';
import { i18n } from '../src/i18n/index.ts';
import { ms } from '../src/i18n/ms.ts';
import { zh } from '../src/i18n/zh.ts';
import { setRuntimeConfig } from '../src/runtime-config.ts';
import { formatMoney } from '../src/shared/format.ts';
import { WorkflowActions, type WorkflowActionsProps } from '../src/shared/workflow/workflow-actions.tsx';
import { profileLoaded, type Profile } from '../src/store/auth-slice.ts';
import { createStore } from '../src/store/index.ts';
import { fakeServer, type Answer, type SeenRequest } from './fake-server.ts';

setRuntimeConfig({ ApiBaseUrl: '', ProductName: 'Paydesk', IpLookupV4Url: '', IpLookupV6Url: '', PosUrl: '', CountryServiceUrl: '' });

const EVERY_PERMISSION = [...new Set(Object.values(WORKFLOW_PERMISSIONS))];

/** A record of `workflow` in `state`, with the columns the commands' bodies and reviews read. */
const row = (workflow: WorkflowDef, state: string): WorkflowRecord => ({ Id: 7, [workflow.stateColumn]: state, TxnRefNo: 'TXN0001', TxnAmount: '12.50', Currency: 'MYR', ServiceType: 2 });

/** The toolbar's props besides the workflow and the record: a report's drawer by default (none: a record with its own screen). */
type MountOptions = Partial<Omit<WorkflowActionsProps, 'workflow' | 'detail'>> & { probe?: ReactNode };

function mount(workflow: WorkflowDef, detail: WorkflowRecord, permissions: string[], handle: (req: SeenRequest) => Answer = () => ({ body: {} }), options: MountOptions = {}) {
  const server = fakeServer(handle);
  setApiClient(
    createApiClient({
      baseUrl: '', publicIp: async () => null, channelStore: memoryChannelStore(), getToken: () => 'token', onTokenRenewed: () => {}, onSessionEnd: () => {},
      notify: vi.fn(), download: () => {}, fetch: server.fetch,
    }),
  );
  const store = createStore();
  store.dispatch(profileLoaded({ UserId: 1, Current: { GroupType: 'SUPERADMIN' }, Permissions: permissions } as unknown as Profile));
  const { probe, ...props } = options;
  const def = LIST_REPORTS.find((d) => d.source === workflow.source);
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <AntApp>
          <WorkflowActions workflow={workflow} def={def} detail={detail} testId="toolbar" {...props} />
          {probe}
        </AntApp>
      </I18nextProvider>
    </Provider>,
  );
  return server;
}

/** The texts of the toolbar's buttons, in order (none: no toolbar at all). */
const toolbarButtons = () => Array.from(screen.queryByTestId('toolbar')?.querySelectorAll('button') ?? []).map((b) => b.textContent);
/** The toolbar's button reading `text`. */
const toolbarButton = (text: string) => Array.from(screen.getByTestId('toolbar').querySelectorAll('button')).find((b) => b.textContent === text)!;
/** The button reading `text` inside the open dialog (antd's modal or confirm). */
const dialogButton = async (text: string) =>
  waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLButtonElement>('.ant-modal button')).filter((b) => b.textContent === text).pop();
    if (!found) throw new Error(`no "${text}" in a dialog`);
    return found;
  });
const sent = (server: ReturnType<typeof fakeServer>, path: string) => server.seen.filter((r) => r.path === path);

afterEach(() => cleanup());

describe('workflow declarations', () => {
  const commands = WORKFLOWS.flatMap((w) => w.commands.map((c) => [`${w.name} ${c.action}`, c] as const));

  it.each(commands)('%s: the permission copy equals the route table', (_name, c) => {
    expect(WORKFLOW_PERMISSIONS[c.route]).toBe((routes[c.route] as RouteDef).permission);
  });

  const keys = WORKFLOWS.flatMap((w) => [
    w.toolbarLabel,
    ...w.commands.flatMap((c) => [c.label, c.labelWhen?.label, c.note?.label, c.pick?.label, c.confirm, c.confirmNote, c.done, c.review?.ok, c.bulk && `${c.bulk.confirm}_one`, c.bulk && `${c.bulk.confirm}_other`, ...(c.review?.items.map((i) => i.label) ?? [])]),
  ]).filter((k): k is string => k !== undefined);
  const screens = [RISK_TEXTS, REFUND_TEXTS, FIRMWARE_TEXTS, ZMK_TEXTS];
  const catalogues = {
    en: Object.assign({}, en, ...screens.map((x) => x.en)) as Record<string, string>,
    ms: Object.assign({}, ms, ...screens.map((x) => x.ms)) as Record<string, string>,
    zh: Object.assign({}, zh, ...screens.map((x) => x.zh)) as Record<string, string>,
  };

  it.each(Object.entries(catalogues))('every text key the declarations name is in %s', (_lng, catalogue) => {
    expect(keys.filter((k) => !(k in catalogue))).toEqual([]);
  });
});

/** One choice for every `pick` field of the workflow's commands. */
const choicesFor = (workflow: WorkflowDef) => Object.fromEntries(workflow.commands.flatMap((c) => (c.pick ? [[c.pick.field, [{ value: 42, label: 'analyst@paydesk.my' }]]] : [])));

describe('the toolbar shows the commands the state accepts', () => {
  const cases = WORKFLOWS.flatMap((w) => w.machine.states.map((s) => [w.name, s, w] as const));

  it.each(cases)('%s in %s: every accepted command to a holder of every permission', (_name, state, workflow) => {
    // A command that picks has something to pick (without, it does not show: below).
    mount(workflow, row(workflow, state), EVERY_PERMISSION, undefined, { choices: choicesFor(workflow) });
    const expected = workflow.commands
      .filter((c) => workflow.machine.next(state, c.action) !== null)
      .map((c) => i18n.t(c.labelWhen?.state === state ? c.labelWhen.label : c.label));
    expect(toolbarButtons()).toEqual(expected);
    if (expected.length > 0) expect(screen.getByRole('toolbar').getAttribute('aria-label')).toBe(i18n.t(workflow.toolbarLabel));
  });

  it.each(cases)('%s in %s: nothing to a holder of no permission', (_name, state, workflow) => {
    mount(workflow, row(workflow, state), []);
    expect(toolbarButtons()).toEqual([]);
  });

  it('shows only the commands whose permission is held', () => {
    mount(RISK_ALERT_WORKFLOW, row(RISK_ALERT_WORKFLOW, 'OPEN'), ['risk:close']);
    expect(toolbarButtons()).toEqual(['Close alert']);
  });
});

describe('running a command', () => {
  const UPDATE = '/api/portal/RiskPreChargeback/UpdateRefund';

  it('reads the row back, sends it with an Idempotency-Key and keeps the key for a retry of the refused body', async () => {
    let answers = 0;
    const server = mount(REFUND_REQUEST_WORKFLOW, row(REFUND_REQUEST_WORKFLOW, 'PENDING'), EVERY_PERMISSION, (req) =>
      req.path === UPDATE && answers++ === 0 ? { status: 409, plain: true, body: { ErrorCode: 'REFUND_STATE', ErrorMessage: 'Refused' } } : { body: {} },
    );
    fireEvent.click(toolbarButton('Manual refund'));
    const review = await screen.findByTestId('RefundRequest-review');
    expect(review.textContent).toContain('TXN0001');
    expect(review.textContent).toContain(formatMoney('12.50', 'MYR'));
    const ok = await dialogButton(`Refund ${formatMoney('12.50', 'MYR')}`);
    fireEvent.click(ok);
    await waitFor(() => expect(sent(server, UPDATE)).toHaveLength(1));
    // Refused: the dialog stays open; the same body again carries the same key.
    fireEvent.click(await dialogButton(`Refund ${formatMoney('12.50', 'MYR')}`));
    await screen.findByText(/TXN0001 refunded/);
    const [first, second] = sent(server, UPDATE);
    expect(first!.body).toEqual({ Id: 7, ServiceType: 2, TxnReferences: ['TXN0001'], TxnAmount: '12.50' });
    expect(first!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  it('asks the note, then the prompt, then sends the note in its field (no key: the route moves no money)', async () => {
    const CLOSE = '/api/portal/Risk/Close';
    const server = mount(RISK_ALERT_WORKFLOW, row(RISK_ALERT_WORKFLOW, 'OPEN'), EVERY_PERMISSION);
    fireEvent.click(toolbarButton('Close alert'));
    fireEvent.change(await screen.findByTestId('RiskAlert-note'), { target: { value: '  Card blocked  ' } });
    fireEvent.click(await dialogButton('Close alert'));
    // antd names the prompt with a copy of its title: both show it.
    await screen.findAllByText('Close this risk alert with the resolution given?');
    expect(sent(server, CLOSE)).toHaveLength(0);
    fireEvent.click(await dialogButton('Yes'));
    await screen.findByText('Alert 7 closed');
    const [close] = sent(server, CLOSE);
    expect(close!.body).toEqual({ Id: 7, Resolution: 'Card blocked' });
    expect(close!.headers['idempotency-key']).toBeUndefined();
  });

  it('offers a command that picks only with choices, asks the choice (required), then sends it in its field', async () => {
    const ASSIGN_TO = '/api/portal/Risk/AssignTo';
    mount(RISK_ALERT_WORKFLOW, row(RISK_ALERT_WORKFLOW, 'PENDING'), EVERY_PERMISSION, undefined, { choices: { AssigneeUserId: [] } });
    expect(toolbarButtons()).not.toContain('Assign to…');
    cleanup();
    const server = mount(RISK_ALERT_WORKFLOW, row(RISK_ALERT_WORKFLOW, 'PENDING'), EVERY_PERMISSION, undefined, {
      choices: { AssigneeUserId: [{ value: 41, label: 'siti@paydesk.my' }, { value: 42, label: 'wei@paydesk.my' }] },
    });
    fireEvent.click(toolbarButton('Assign to…'));
    // OK without a choice: the field says it is required and nothing is sent.
    fireEvent.click(await dialogButton('Assign to…'));
    await screen.findByText(/cannot be empty/i);
    expect(sent(server, ASSIGN_TO)).toHaveLength(0);
    fireEvent.mouseDown(within(document.querySelector('.ant-modal')!).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('wei@paydesk.my'));
    fireEvent.click(await dialogButton('Assign to…'));
    await screen.findByText('Alert 7 assigned');
    expect(sent(server, ASSIGN_TO).map((r) => r.body)).toEqual([{ Id: 7, AssigneeUserId: 42 }]);
  });

  it('shows a command the screen knows will be refused disabled, with its reason read with it, and sends nothing', async () => {
    const server = mount(REFUND_REQUEST_WORKFLOW, row(REFUND_REQUEST_WORKFLOW, 'REFUNDED_ACK_FAIL'), EVERY_PERMISSION, undefined, { refused: { RESEND_ACK: 'the merchant has no callback URL' } });
    const button = toolbarButton('Resend acknowledgement');
    expect(button.disabled).toBe(true);
    const why = document.getElementById(button.getAttribute('aria-describedby')!)!;
    expect(why.textContent).toBe('Resend acknowledgement: the merchant has no callback URL');
    fireEvent.click(button);
    expect(server.seen).toHaveLength(0);
  });

  it('sends a command without a dialog at once', async () => {
    const ASSIGN = '/api/portal/Risk/Assign';
    const server = mount(RISK_ALERT_WORKFLOW, row(RISK_ALERT_WORKFLOW, 'PENDING'), EVERY_PERMISSION);
    fireEvent.click(toolbarButton('Take'));
    await screen.findByText('Alert 7 is yours');
    expect(sent(server, ASSIGN).map((r) => r.body)).toEqual([{ Id: 7 }]);
  });
});

/** Every subset of `items`, the empty one first. */
const subsets = <T,>(items: readonly T[]): T[][] => items.reduce<T[][]>((all, x) => [...all, ...all.map((set) => [...set, x])], [[]]);

describe('a record with its own screen (not a report row): machine, permissions and the server\'s allowed actions', () => {
  const cases = ([FIRMWARE_ROLLOUT_WORKFLOW, ZMK_KEY_WORKFLOW] as WorkflowDef[]).flatMap((w) => w.machine.states.map((s) => [w.name, s, w] as const));

  it.each(cases)('%s in %s: exactly the commands the machine accepts, the permissions allow and the server lists', (_name, state, workflow) => {
    // The permission as the route table declares it (not the toolbar's copy of it).
    const permissionOf = (route: keyof typeof routes) => (routes[route] as RouteDef).permission!;
    const permissions = [...new Set(workflow.commands.map((c) => permissionOf(c.route)))];
    const actions = workflow.commands.map((c) => c.action);
    // `undefined`: the caller passes no server list (the machine and the permissions alone decide).
    for (const held of subsets(permissions)) {
      for (const allowed of [undefined, ...subsets(actions)]) {
        cleanup();
        mount(workflow, { Id: 9, Name: 'A920 canary', [workflow.stateColumn]: state }, held, undefined, { allowed });
        const expected = workflow.commands
          .filter((c) => workflow.machine.next(state, c.action) !== null && held.includes(permissionOf(c.route)) && (allowed === undefined || allowed.includes(c.action)))
          .map((c) => i18n.t(c.label));
        expect(toolbarButtons(), `holding ${held.join(' + ') || 'nothing'}, the server listing ${allowed?.join(' + ') ?? 'no list'}`).toEqual(expected);
      }
    }
  });

  it('shows the feature\'s own buttons after the commands, and the toolbar for them alone', () => {
    mount(ZMK_KEY_WORKFLOW, { Id: 9, Status: 'AWAITING_COMPONENTS' }, ['zmk:cancel'], undefined, { extra: <button type="button">Enter component 2</button> });
    expect(toolbarButtons()).toEqual(['Cancel ceremony', 'Enter component 2']);
    cleanup();
    mount(ZMK_KEY_WORKFLOW, { Id: 9, Status: 'AWAITING_COMPONENTS' }, [], undefined, { extra: <button type="button">Enter component 2</button> });
    expect(toolbarButtons()).toEqual(['Enter component 2']);
  });
});

describe('running a command on a record with its own screen', () => {
  const ROLLOUT = { Id: 9, Name: 'A920 canary', Status: 'RUNNING' };
  const GET = '/api/portal/FirmwareRollout/9';
  /** A view of the rollout under the firmware tag, as the rollout drawer holds it. */
  function RolloutView() {
    useRolloutGetQuery(9);
    return null;
  }

  it('cancels a rollout: the reason, then the prompt naming it with its note; the feature\'s views are asked again and the answer handed back', async () => {
    const CANCEL = '/api/portal/FirmwareRollout/Cancel';
    const answer = { ...ROLLOUT, Status: 'CANCELLED' };
    const onDone = vi.fn();
    const server = mount(FIRMWARE_ROLLOUT_WORKFLOW, ROLLOUT, EVERY_PERMISSION, (req) => ({ body: req.path === CANCEL ? answer : ROLLOUT }), {
      refresh: [FIRMWARE_TAG],
      onDone,
      probe: <RolloutView />,
    });
    await waitFor(() => expect(sent(server, GET)).toHaveLength(1));
    expect(toolbarButtons()).toEqual(['Pause', 'Cancel rollout']);
    fireEvent.click(toolbarButton('Cancel rollout'));
    fireEvent.change(await screen.findByTestId('FirmwareRollout-note'), { target: { value: ' Wrong image ' } });
    fireEvent.click(await dialogButton('Cancel rollout'));
    await screen.findAllByText('Cancel A920 canary?');
    expect(screen.getByText('Every offer not yet installed is withdrawn. This cannot be undone.')).toBeTruthy();
    expect(sent(server, '/api/portal/FirmwareRollout/Cancel')).toHaveLength(0);
    fireEvent.click(await dialogButton('Yes'));
    await screen.findByText('Rollout cancelled');
    expect(sent(server, CANCEL).map((r) => r.body)).toEqual([{ Id: 9, Reason: 'Wrong image' }]);
    expect(onDone).toHaveBeenCalledWith(answer, expect.objectContaining({ action: 'CANCEL' }));
    await waitFor(() => expect(sent(server, GET)).toHaveLength(2));
  });

  it('pauses a rollout after the prompt, with the empty reason the drawer always sent', async () => {
    const PAUSE = '/api/portal/FirmwareRollout/Pause';
    const server = mount(FIRMWARE_ROLLOUT_WORKFLOW, ROLLOUT, ['terminalfirmware:rollout']);
    expect(toolbarButtons()).toEqual(['Pause']);
    fireEvent.click(toolbarButton('Pause'));
    await screen.findAllByText('Pause A920 canary?');
    fireEvent.click(await dialogButton('Yes'));
    await screen.findByText('Rollout paused');
    expect(sent(server, PAUSE).map((r) => r.body)).toEqual([{ Id: 9, Reason: '' }]);
  });
});
