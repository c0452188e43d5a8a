/**
 * The bank payout batches beside /payout-report's title: the button shows only
 * to holders of `payoutreport:batch`; "Create batch" confirms, then sends the form's body with an
 * Idempotency-Key (the same key again after an unanswered attempt, a new one after an answer) and
 * shows the batch made; "Record bank result" shows only on a batch awaiting its result, for holders
 * of `payoutreport:batchresult`, and shows the paid / failed counts; "Show payouts" opens the
 * report filtered by the batch. The API answers come from test/fake-server.ts.
 */
import './setup-dom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { LIST_REPORTS, type ListReportDef } from '@paydesk/contract';
import { memoryChannelStore } from '../src/api/channel-store.ts';
import { createApiClient, type ApiClient } from '../src/api/client.ts';
import { setApiClient } from '../src/api/index.ts';
import { attemptKey } from '../src/features/payout/batch-api.ts';
import { BankBatchesButton, payoutPageActions } from '../src/features/payout/bank-batches.tsx';
import { malaysianToday } from '../src/shared/date-presets.ts';
import { renderApp } from './render-app.tsx';
import { setRuntimeConfig } from '../src/runtime-config.ts';
import { profileLoaded, type Profile } from '../src/store/auth-slice.ts';
import { createStore } from '../src/store/index.ts';
import { currencySelected } from '../src/store/permission-slice.ts';
import { fakeServer, type Answer, type SeenRequest } from './fake-server.ts';

setRuntimeConfig({ ApiBaseUrl: '', ProductName: 'Paydesk', IpLookupV4Url: '', IpLookupV6Url: '', PosUrl: '', CountryServiceUrl: '' });

const def = LIST_REPORTS.find((d) => d.name === 'Payout') as ListReportDef;
const CREATE = '/api/portal/Payout/Batch/Create';
const SEARCH = '/api/portal/Payout/Batch/Search';

const batch = (id: number, state: 'AWAITING_RESULT' | 'COMPLETED', currency = 'MYR') => ({
  Id: id, Reference: `PDB${String(id).padStart(8, '0')}`, Channel: 'RM', Currency: currency, PayoutDate: '2026-03-02', State: state,
  LineCount: 2, Total: '1500.50', PaidCount: state === 'COMPLETED' ? 1 : 0, PaidTotal: '1000.00', FailedCount: state === 'COMPLETED' ? 1 : 0, FailedTotal: '500.50',
  FileName: 'x.csv', FileSha256: 'ab', CreatedAt: '2026-03-02T01:00:00.000Z', CreatedBy: 'ops@paydesk.test', ResultAt: null, ResultBy: null,
});

type Handler = (req: SeenRequest) => Answer | Promise<Answer>;

function mount(permissions: string[], onCreate: Handler = () => ({ body: { ...batch(9, 'AWAITING_RESULT'), SkippedNoAccount: 0 } })) {
  const server = fakeServer((req) => {
    if (req.path === CREATE) return onCreate(req);
    if (req.path === SEARCH) return { body: { Rows: [batch(8, 'AWAITING_RESULT', 'SGD'), batch(7, 'COMPLETED')], TotalRecords: 2 } };
    if (req.path === '/api/portal/Payout/Batch/7')
      return {
        body: {
          ...batch(7, 'COMPLETED'),
          Events: [
            { At: '2026-03-02T01:00:00.000Z', Action: 'CREATE', FromStatus: null, ToStatus: 'AWAITING_RESULT', Actor: 'ops@paydesk.test', Summary: '2 lines, 1500.50 MYR' },
            { At: '2026-03-02T02:00:00.000Z', Action: 'DOWNLOAD', FromStatus: 'AWAITING_RESULT', ToStatus: 'AWAITING_RESULT', Actor: 'ops@paydesk.test', Summary: 'x.csv' },
            { At: '2026-03-03T02:00:00.000Z', Action: 'RECORD_RESULT', FromStatus: 'AWAITING_RESULT', ToStatus: 'COMPLETED', Actor: null, Summary: '1 paid, 1 failed' },
          ],
        },
      };
    if (req.path === '/api/portal/Home/GetCurrency') return { body: [{ Id: 1, CurrencyCode: 'MYR', IsActive: 1 }, { Id: 2, CurrencyCode: 'SGD', IsActive: 1 }] };
    return { body: [] };
  });
  const notify = vi.fn();
  const client = createApiClient({
    baseUrl: '', publicIp: async () => null, channelStore: memoryChannelStore(), getToken: () => 'token', onTokenRenewed: () => {}, onSessionEnd: () => {},
    notify, download: () => {}, fetch: server.fetch,
  });
  // Multipart bodies do not cross jsdom into Node's fetch (client.test.ts covers the wire): the upload is stubbed.
  const postMultipart = vi.fn(async () => ({ ...batch(8, 'COMPLETED', 'SGD'), PaidCount: 3, FailedCount: 1 }));
  setApiClient({ ...client, postMultipart } as unknown as ApiClient);
  const store = createStore();
  store.dispatch(profileLoaded({ UserId: 1, Current: { GroupType: 'SUPERADMIN' }, Permissions: permissions } as unknown as Profile));
  store.dispatch(currencySelected('MYR'));
  const router = createMemoryRouter([{ path: def.path, element: <BankBatchesButton def={def} /> }], { initialEntries: [def.path] });
  renderApp(store, router);
  const creates = () => server.seen.filter((r) => r.path === CREATE);
  return { server, router, store, notify, postMultipart, creates };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const SLOW = 60_000;
/** The buttons under `root` reading `text` (cheaper than *ByRole over antd's large DOM). */
const buttons = (root: ParentNode, text: string) => Array.from(root.querySelectorAll<HTMLButtonElement>('button')).filter((b) => b.textContent === text);
const rows = () => Array.from(document.querySelectorAll<HTMLElement>('[data-testid="payout-batch-list"] tr.ant-table-row'));

async function openDrawer() {
  fireEvent.click(await screen.findByRole('button', { name: /Bank batches/ }));
  await waitFor(() => expect(rows()).toHaveLength(2));
}

async function chooseChannel(label: string) {
  const input = within(screen.getByTestId('payout-batch-form')).getByLabelText('Channel');
  fireEvent.mouseDown(input);
  const option = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option-content')).find((o) => o.textContent === label);
    expect(found).toBeTruthy();
    return found!;
  });
  fireEvent.click(option);
}

/** Answers the open confirmation asking `question` (a closed one may linger, hidden, in the DOM). */
async function answer(question: string, yes: string) {
  const button = await waitFor(() => {
    // Asked by role within each confirmation: a closed one lingers, hidden, in the DOM.
    const asking = Array.from(document.querySelectorAll<HTMLElement>('.ant-modal'))
      .filter((m) => m.querySelector('.ant-modal-confirm-title')?.textContent === question)
      .flatMap((m) => within(m).queryAllByRole('button', { name: yes }));
    expect(asking).toHaveLength(1);
    return asking[0]!;
  });
  fireEvent.click(button);
}

/** Clicks "Create batch" and confirms. */
async function createAndConfirm(question: string) {
  fireEvent.click(screen.getByTestId('payout-batch-create'));
  await answer(question, 'Yes, create');
}

describe('bank payout batches on /payout-report', () => {
  it('sit beside the payout report only, for holders of payoutreport:batch', async () => {
    expect(payoutPageActions(def)).toBe(BankBatchesButton);
    expect(payoutPageActions(LIST_REPORTS.find((d) => d.name === 'PayoutRisk')!)).toBeNull();
    mount(['payoutreport:view']);
    await waitFor(() => expect(document.body.textContent).toBe(''));
    expect(screen.queryByRole('button', { name: /Bank batches/ })).toBeNull();
    cleanup();
    mount(['payoutreport:view', 'payoutreport:batch']);
    expect(await screen.findByRole('button', { name: /Bank batches/ })).toBeTruthy();
  }, SLOW);

  it('creates a batch after a confirmation with an Idempotency-Key, reused only after an unanswered attempt', async () => {
    let calls = 0;
    const { creates, notify } = mount(['payoutreport:batch'], () => {
      calls++;
      if (calls === 1) throw new Error('connection reset');
      if (calls === 2) return { body: { ...batch(9, 'AWAITING_RESULT'), LineCount: 1234, Total: '98765.40', SkippedNoAccount: 2 } };
      return { status: 409, body: { ErrorCode: 'CF409', ErrorMessage: 'No RM MYR payout is due by 2026-03-02' } };
    });
    await openDrawer();
    await chooseChannel('Revenue Monster (TPA)');
    const today = malaysianToday();
    const question = `Create a bank batch of every Revenue Monster (TPA) MYR payout due by ${today.format('DD-MM-YYYY')}?`;

    // 1: no answer (network error): the client's toast only.
    await createAndConfirm(question);
    await waitFor(() => expect(notify).toHaveBeenCalledWith(['Network Error']));
    expect(creates()).toHaveLength(1);
    const first = creates()[0]!;
    expect(first.body).toEqual({ PayoutDate: today.format('YYYY-MM-DD'), Channel: 'RM', Currency: 'MYR' });
    expect(first.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    // 2: the retry of the same body reuses the key; the answer is shown, with the payouts left out.
    await createAndConfirm(question);
    expect(await screen.findByText('Batch PDB00000009 created: 1,234 lines, RM 98,765.40')).toBeTruthy();
    expect(await screen.findByText('2 due payouts were left out: their merchant has no payout bank account')).toBeTruthy();
    expect(creates()[1]!.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
    expect(creates()[1]!.body).toEqual(first.body);

    // 3: a new attempt after an answer gets a new key; a refusal is the client's one toast.
    await createAndConfirm(question);
    await waitFor(() => expect(notify).toHaveBeenCalledWith(['No RM MYR payout is due by 2026-03-02']));
    expect(creates()).toHaveLength(3);
    expect(creates()[2]!.headers['idempotency-key']).not.toBe(first.headers['idempotency-key']);
    expect(notify).toHaveBeenCalledTimes(2);
  }, SLOW);

  it('lists the batches; records a bank result only on a batch awaiting it, with payoutreport:batchresult', async () => {
    const { postMultipart, server } = mount(['payoutreport:batch', 'payoutreport:batchresult']);
    await openDrawer();
    expect(server.seen.find((r) => r.path === SEARCH)!.body).toEqual({ PageIndex: 1, RowsPerPage: 10 });
    const [awaiting, completed] = rows();
    expect(within(awaiting!).getByText('PDB00000008')).toBeTruthy();
    expect(within(awaiting!).getByText('02-03-2026')).toBeTruthy();
    expect(within(awaiting!).getByText('S$ 1,500.50')).toBeTruthy();
    expect(within(completed!).getByText('RM 1,500.50')).toBeTruthy();
    expect(within(completed!).getByText('1 / 1')).toBeTruthy();
    expect(buttons(completed!, 'Record bank result')).toEqual([]);

    fireEvent.click(buttons(awaiting!, 'Record bank result')[0]!);
    const dialog = (await screen.findByText('Record the bank result of PDB00000008', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(buttons(dialog, 'Record result')[0]!);
    expect(await within(dialog).findByText('Choose the result file first')).toBeTruthy();
    const input = dialog.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.accept).toBe('.csv,.xlsx');
    fireEvent.change(input, { target: { files: [new File(['PaymentReference,Status\n'], 'result.csv', { type: 'text/csv' })] } });
    await waitFor(() => expect(within(dialog).getByText('result.csv')).toBeTruthy());
    fireEvent.click(buttons(dialog, 'Record result')[0]!);
    await answer('Record result.csv as the bank result of PDB00000008?', 'Yes, record');
    expect(await within(dialog).findByText('Result of PDB00000008 recorded: 3 paid, 1 failed')).toBeTruthy();
    expect(postMultipart).toHaveBeenCalledTimes(1);
    const [name, form, options] = postMultipart.mock.calls[0] as unknown as [string, FormData, { params: Record<string, number> }];
    expect(name).toBe('payoutBatchResult');
    expect(options.params).toEqual({ Id: 8 });
    expect((form.get('file') as File).name).toBe('result.csv');
  }, SLOW);

  it('offers no result upload without payoutreport:batchresult; "Show payouts" opens the report filtered by the batch', async () => {
    const { router, store } = mount(['payoutreport:batch']);
    await openDrawer();
    expect(buttons(document, 'Record bank result')).toEqual([]);
    expect(buttons(document, 'Download file')).toHaveLength(2);
    fireEvent.click(buttons(rows()[0]!, 'Show payouts')[0]!);
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/payout-report?batchId=8'));
    // The report lists the header currency's payouts: the batch's currency is chosen.
    expect(store.getState().permission.selectedCurrency).toBe('SGD');
  }, SLOW);

  it("expands a batch to its log: creation, each file download and the bank result, with who and when", async () => {
    mount(['payoutreport:batch']);
    await openDrawer();
    const completed = rows()[1]!;
    fireEvent.click(completed.querySelector<HTMLButtonElement>('button.ant-table-row-expand-icon')!);
    const history = await screen.findByTestId('batch-history-7');
    await waitFor(() => expect(history.textContent).toContain('Bank result recorded'));
    expect(history.textContent).toContain('Batch created');
    expect(history.textContent).toContain('Bulk-credit file downloaded');
    expect(history.textContent).toContain('ops@paydesk.test · 02-03-2026 10:00');
    // The bank result recorded by the system (no user).
    expect(history.textContent).toContain('System · 03-03-2026 10:00');
  }, SLOW);

  it('keeps the key of an unanswered attempt for the same body only', () => {
    const fresh = () => 'new';
    expect(attemptKey(null, '{"a":1}', fresh)).toBe('new');
    expect(attemptKey({ body: '{"a":1}', key: 'old' }, '{"a":1}', fresh)).toBe('old');
    expect(attemptKey({ body: '{"a":1}', key: 'old' }, '{"a":2}', fresh)).toBe('new');
  });
});
