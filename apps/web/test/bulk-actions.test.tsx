/**
 * The workflow engine's bulk bar (shared/workflow/bulk-actions.tsx). Generated over every declared
 * workflow: the commands offered are exactly the declared `bulk` ones whose permission is held
 * (every subset of the workflow's permissions), and a bulk command splits any selection (random
 * states, fast-check) into the rows the machine accepts, sent in order, and the rest, not sent.
 * Then a run against test/fake-server.ts: six selected refund requests, one already rejected and
 * one the server refuses; one description and one prompt for all, one request per row with the
 * description, and a result per row (4 done, 1 refused with the server's message, 1 not sent).
 */
import './setup-dom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { App as AntApp } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { LIST_REPORTS, REFUND_REQUEST_WORKFLOW, WORKFLOWS, WORKFLOW_PERMISSIONS, type ReportRow, type WorkflowDef } from '@paydesk/contract';
import '../src/features/refunds/texts.ts';
import { i18n } from '../src/i18n/index.ts';
import { setRuntimeConfig } from '../src/runtime-config.ts';
import { BulkBar } from '../src/shared/workflow/bulk-actions.tsx';
import { bulkCommands, bulkPlan, routePermission, rowState } from '../src/shared/workflow/workflow-commands.ts';
import { profileLoaded, type Profile } from '../src/store/auth-slice.ts';
import { createStore } from '../src/store/index.ts';
import { fakeServer, type Answer, type SeenRequest } from './fake-server.ts';
import { installFakeClient } from './support/fake-client.ts';

setRuntimeConfig({ ApiBaseUrl: '', ProductName: 'Paydesk', IpLookupV4Url: '', IpLookupV6Url: '', PosUrl: '', CountryServiceUrl: '' });

const EVERY_PERMISSION = [...new Set(Object.values(WORKFLOW_PERMISSIONS))];
const permissionsOf = (w: WorkflowDef) => [...new Set(w.commands.map((c) => routePermission(c.route)).filter((p): p is string => p !== undefined))];
const subsets = <T,>(items: readonly T[]): T[][] => items.reduce<T[][]>((all, x) => [...all, ...all.map((set) => [...set, x])], [[]]);

afterEach(() => cleanup());

describe('bulk commands by declaration', () => {
  const cases = WORKFLOWS.flatMap((w) => subsets(permissionsOf(w)).map((held) => [w.name, held.join(' ') || '(none)', w, held] as const));

  it.each(cases)('%s holding %s: the declared bulk commands whose permission is held, none with a review', (_n, _h, w, held) => {
    const expected = w.commands.filter((c) => c.bulk && held.includes(routePermission(c.route)!)).map((c) => c.action);
    expect(bulkCommands(w, new Set(held)).map((c) => c.action)).toEqual(expected);
    expect(w.commands.filter((c) => c.bulk && c.review)).toEqual([]);
  });

  it('splits any selection into the rows the machine accepts (in order) and the rest', () => {
    const withBulk = WORKFLOWS.flatMap((w) => w.commands.filter((c) => c.bulk).map((c) => ({ w, c })));
    expect(withBulk.length).toBeGreaterThan(0);
    fc.assert(
      fc.property(fc.constantFrom(...withBulk), fc.array(fc.nat(), { maxLength: 30 }), ({ w, c }, picks) => {
        const rows = picks.map((p, i) => ({ Id: i + 1, [w.stateColumn]: w.machine.states[p % w.machine.states.length] }));
        const { send, skip } = bulkPlan(w, c, rows);
        expect([...send, ...skip].map((r) => r.Id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.Id));
        expect(send.map((r) => r.Id)).toEqual(rows.filter((r) => send.includes(r)).map((r) => r.Id));
        for (const r of send) expect(w.machine.next(rowState(w, r), c.action)).not.toBeNull();
        for (const r of skip) expect(w.machine.next(rowState(w, r), c.action)).toBeNull();
      }),
    );
  });
});

describe('running a bulk reject', () => {
  const REJECT = '/api/portal/RiskPreChargeback/Reject';
  const def = LIST_REPORTS.find((d) => d.source === REFUND_REQUEST_WORKFLOW.source)!;
  const rows: ReportRow[] = [1, 2, 3, 4, 5, 6].map((id) => ({ Id: id, TxnRefNo: `TXN000${id}`, Status: id === 6 ? 'REJECTED' : 'PENDING' }));

  function mount(handle: (req: SeenRequest) => Answer, selected: ReportRow[] = rows, page?: { rows: ReportRow[]; onSelect: (rows: ReportRow[]) => void }) {
    const server = fakeServer(handle);
    const notify = installFakeClient(server);
    const store = createStore();
    store.dispatch(profileLoaded({ UserId: 1, Current: { GroupType: 'SUPERADMIN' }, Permissions: EVERY_PERMISSION } as unknown as Profile));
    const onClear = vi.fn();
    render(
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <AntApp>
            <BulkBar workflow={REFUND_REQUEST_WORKFLOW} def={def} rows={selected} onClear={onClear} page={page} />
          </AntApp>
        </I18nextProvider>
      </Provider>,
    );
    return { server, notify, onClear };
  }

  const dialogButton = async (text: string) =>
    waitFor(() => {
      const found = Array.from(document.querySelectorAll<HTMLButtonElement>('.ant-modal button')).filter((b) => b.textContent === text).pop();
      if (!found) throw new Error(`no "${text}" in a dialog`);
      return found;
    });

  it('asks one description and one prompt, sends each row that can move, and shows a result per row', async () => {
    const { server, notify, onClear } = mount((req) =>
      req.path === REJECT && (req.body as { Id: number }).Id === 3
        ? { status: 409, plain: true, body: { ErrorCode: 'REFUND_STATE', ErrorMessage: 'Refund request 3 is REFUNDED: REJECT is not allowed' } }
        : { body: {} },
    );
    const bar = screen.getByTestId('bulk-bar');
    expect(bar.textContent).toContain('6 selected');
    // Reject and Mark not found: both declared bulk, both accepted by some selected row; Manual refund is not bulk.
    expect(within(bar).getAllByRole('button').map((b) => b.textContent)).toEqual(['Reject', 'Mark not found', 'Clear selection']);
    fireEvent.click(within(bar).getByRole('button', { name: /Reject/ }));
    fireEvent.change(await screen.findByTestId('bulk-note'), { target: { value: 'Duplicate request' } });
    fireEvent.click(await dialogButton('Reject'));
    await screen.findAllByText('Reject 6 refund requests?');
    expect(server.seen.filter((r) => r.path === REJECT)).toHaveLength(0);
    fireEvent.click(await dialogButton('Yes'));

    await waitFor(() => expect(screen.getAllByTestId('bulk-result')).toHaveLength(6));
    await screen.findByText('Reject: 4 of 6 done');
    const results = screen.getAllByTestId('bulk-result').map((r) => r.textContent);
    expect(results[0]).toBe('Not sentTXN0006Not sent: the record is Rejected');
    expect(results.slice(1)).toEqual([
      'DoneTXN0001Refund request for TXN0001 rejected',
      'DoneTXN0002Refund request for TXN0002 rejected',
      'RefusedTXN0003Refund request 3 is REFUNDED: REJECT is not allowed',
      'DoneTXN0004Refund request for TXN0004 rejected',
      'DoneTXN0005Refund request for TXN0005 rejected',
    ]);
    expect(server.seen.filter((r) => r.path === REJECT).map((r) => r.body)).toEqual([1, 2, 3, 4, 5].map((Id) => ({ Id, Description: 'Duplicate request' })));
    // The results say it: no toast per refused row.
    expect(notify).not.toHaveBeenCalled();
    expect(onClear).toHaveBeenCalled();
  });

  it('selects the whole page from the bar (no header checkbox), and offers it again while part of the page is selected', () => {
    const onSelect = vi.fn();
    mount(() => ({ body: {} }), [], { rows, onSelect });
    fireEvent.click(screen.getByTestId('bulk-select-page'));
    expect(onSelect).toHaveBeenCalledWith(rows);
    cleanup();
    mount(() => ({ body: {} }), rows.slice(0, 2), { rows, onSelect });
    fireEvent.click(within(screen.getByTestId('bulk-bar')).getByRole('button', { name: 'Select the 6 rows on this page' }));
    expect(onSelect).toHaveBeenLastCalledWith(rows);
    cleanup();
    mount(() => ({ body: {} }), rows, { rows, onSelect });
    expect(within(screen.getByTestId('bulk-bar')).queryByRole('button', { name: /rows on this page/ })).toBeNull();
  });
});
