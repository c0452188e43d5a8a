// @vitest-environment node
/**
 * The shared list components on the REAL server (see resource-screens.test.tsx for the set-up):
 * a list shows the table's spinner, never "No records", while its answer is awaited; after an
 * empty answer it says "…match the filters" only when a filter is set; totals, thresholds and
 * counts are written by their kind; the column chooser is kept per user and screen; the keyset
 * transaction list pages by first / previous / next with "Page n of N" and jumps to a date.
 */
import './support/dom-on-node.ts';
import './setup-dom.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RESOURCES, RISK_THRESHOLD_KINDS, type PortalClient } from '@paydesk/contract';
import type { RiskAlertRule } from '@paydesk/domain';
import { prefsKey } from '../src/shared/column-layout.ts';
import { formatCount, formatMoney, formatPercent } from '../src/shared/format.ts';
import { startTestServer, type TestServer } from './support/real-server.ts';
import { renderSignedIn } from './support/signed-in-app.tsx';

let server: TestServer;
let direct: PortalClient;

beforeAll(async () => {
  server = await startTestServer();
  direct = await server.signIn('admin@paydesk.my');
  await import('../src/features/resources/pages/resource-page.tsx');
  await import('../src/features/reports/report-page.tsx');
}, 180_000);
afterAll(async () => server?.close());

/** Holds the app's requests to `path` until released (the answer is then fetched as usual). */
function holdRequests(path: string) {
  const original = globalThis.fetch;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (new URL(url, 'http://relative.invalid').pathname === path) {
      held++;
      await gate;
    }
    return original(input, init);
  };
  return {
    held: () => held,
    release: () => {
      release();
      globalThis.fetch = original;
    },
  };
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const bodyRows = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row'));
const headers = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-table-thead th')).map((th) => th.textContent);
const spinning = () => document.querySelector('.ant-table-wrapper .ant-spin-spinning') !== null;
const EMPTY_TEXTS = /No records|No transactions/;

describe('loading and empty lists', () => {
  it('shows the spinner and no empty text while the first answer is awaited, then the rows', async () => {
    const hold = holdRequests('/api/portal/Currency/Search');
    try {
      await renderSignedIn(server, '/currency-config');
      // The first screen of the file is slow to come (cold module graph on a loaded machine).
      await waitFor(() => expect(hold.held()).toBeGreaterThan(0), { timeout: 45_000 });
      await screen.findByRole('heading', { name: 'Currency configuration' });
      expect(spinning()).toBe(true);
      expect(document.body.textContent).not.toMatch(EMPTY_TEXTS);
      // No total before the answer: "0 records" would be as wrong as "No records".
      expect(screen.getByTestId('resource-total').textContent).toBe('');
    } finally {
      hold.release();
    }
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));
    expect(spinning()).toBe(false);
  }, 60_000);

  it('says "No records match the filters" after an empty answer to a filtered query', async () => {
    await renderSignedIn(server, '/currency-config?CurrencyCode=QQQ');
    await screen.findByText('No records match the filters');
    expect(screen.getByTestId('resource-total').textContent).toBe('0 records');
  }, 60_000);

  it('says "No records yet" after an empty answer without a filter', async () => {
    // A screen with no rows: every demo resource has some, so the rows of the first small one
    // without dependents are deleted through the API (this file's own server).
    let empty: string | undefined;
    for (const def of RESOURCES.filter((d) => !d.listOwners && d.actions.includes('delete'))) {
      const search = () => direct.callPath<{ TotalRecords: number; Items: { Id: number }[] }>('POST', `/api/portal/${def.name}/Search`, { PageIndex: 1, RowsPerPage: 100, SearchData: {} });
      const page = await search();
      if (page.TotalRecords > 20) continue;
      await Promise.allSettled(page.Items.map((i) => direct.callPath('DELETE', `/api/portal/${def.name}/Delete/${i.Id}`)));
      if ((await search()).TotalRecords === 0) {
        empty = def.path;
        break;
      }
    }
    expect(empty, 'a resource emptied through the API').toBeDefined();
    await renderSignedIn(server, empty!);
    await screen.findByText('No records yet', undefined, { timeout: 40_000 });
    expect(screen.queryByText('No records match the filters')).toBeNull();
  }, 90_000);
});

describe('numbers by kind', () => {
  it('writes risk thresholds as money, a percentage or a whole count by their rule', async () => {
    const page = await direct.callPath<{ Items: { RuleCode: RiskAlertRule; Threshold: string }[] }>('POST', '/api/portal/RiskParameter/Search', { PageIndex: 1, RowsPerPage: 100, SearchData: {} });
    expect(page.Items.length).toBeGreaterThan(0);
    await renderSignedIn(server, '/risk-parameter');
    await waitFor(() => expect(bodyRows().length).toBe(page.Items.length));
    const column = headers().indexOf('Threshold');
    expect(column).toBeGreaterThanOrEqual(0);
    const kinds = new Set<string>();
    for (const [i, item] of page.Items.entries()) {
      const kind = RISK_THRESHOLD_KINDS[item.RuleCode];
      kinds.add(kind);
      const expected = kind === 'AMOUNT' ? formatMoney(item.Threshold, 'MYR') : kind === 'PERCENT' ? formatPercent(item.Threshold, 'en') : formatCount(item.Threshold, 'en');
      expect(bodyRows()[i]!.querySelectorAll('td')[column]!.textContent).toBe(expected);
      if (kind === 'COUNT' || kind === 'DAYS') expect(expected).not.toContain('.');
    }
    expect(kinds.has('AMOUNT') && kinds.has('COUNT')).toBe(true);
  }, 60_000);
});

describe('column chooser', () => {
  it('hides a column, keeps the choice for this user and screen, and forgets it on "Default columns"', async () => {
    const { store } = await renderSignedIn(server, '/currency-config');
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));
    expect(headers()).toContain('Symbol');
    fireEvent.click(screen.getByText('Columns'));
    const group = await screen.findByRole('group', { name: 'Columns' });
    fireEvent.click(within(group).getByText('Symbol'));
    await waitFor(() => expect(headers()).not.toContain('Symbol'));
    const userId = store.getState().auth.profile!.UserId;
    expect(JSON.parse(localStorage.getItem(prefsKey(userId, '/currency-config'))!)).toEqual({ shown: [], hidden: ['Symbol'] });
    expect(localStorage.getItem(prefsKey(userId + 1, '/currency-config'))).toBeNull();

    // A new visit of the screen by the same user: still hidden.
    cleanup();
    await renderSignedIn(server, '/currency-config');
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));
    expect(headers()).not.toContain('Symbol');
    fireEvent.click(screen.getByText('Columns'));
    fireEvent.click(await screen.findByText('Default columns'));
    await waitFor(() => expect(headers()).toContain('Symbol'));
    expect(localStorage.getItem(prefsKey(userId, '/currency-config'))).toBeNull();
  }, 90_000);
});

describe('keyset transaction list', () => {
  it('waits with the spinner, then shows the total with separators, "Page 1 of N", next, first and jump to date', async () => {
    const hold = holdRequests('/api/portal/Transaction/Ecommerce/Search');
    let router: Awaited<ReturnType<typeof renderSignedIn>>['router'];
    try {
      ({ router } = await renderSignedIn(server, '/transaction/ecommerce'));
      await screen.findByRole('heading', { name: 'E-commerce transactions' });
      await waitFor(() => expect(hold.held()).toBeGreaterThan(0));
      expect(spinning()).toBe(true);
      expect(document.body.textContent).not.toMatch(EMPTY_TEXTS);
    } finally {
      hold.release();
    }
    await waitFor(() => expect(bodyRows().length).toBeGreaterThan(0));

    const totalText = screen.getByTestId('report-total').textContent!;
    const total = Number(totalText.replace(/\D/g, ''));
    expect(totalText).toBe(`${formatCount(total, 'en')} records`);
    const pages = Math.ceil(total / 20);
    expect(screen.getByTestId('list-page').textContent).toBe(`Page 1 of ${formatCount(pages, 'en')}`);
    // Status and Amount are among the columns shown by default.
    expect(headers()).toEqual(expect.arrayContaining(['Status', 'Amount']));

    const firstRef = bodyRows()[0]!.querySelector('td')!.textContent;
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(screen.getByTestId('list-page').textContent).toBe(`Page 2 of ${formatCount(pages, 'en')}`));
    await waitFor(() => expect(bodyRows()[0]!.querySelector('td')!.textContent).not.toBe(firstRef));
    fireEvent.click(screen.getByRole('button', { name: /First/ }));
    await waitFor(() => expect(bodyRows()[0]!.querySelector('td')!.textContent).toBe(firstRef));
    expect(router.state.location.search).toBe('');

    // Jump to the day of a row further down (newest first): the range ends that day, page 1 again.
    const lastDate = bodyRows().at(-1)!.querySelectorAll('td')[1]!.textContent!; // DD-MM-YYYY HH:mm:ss (MYT)
    const [dd, mm, yyyy] = lastDate.slice(0, 10).split('-');
    const jump = screen.getByPlaceholderText('Jump to date');
    fireEvent.mouseDown(jump);
    fireEvent.focus(jump);
    fireEvent.change(jump, { target: { value: `${dd}-${mm}-${yyyy}` } });
    fireEvent.keyDown(jump, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toBe(`?to=${yyyy}-${mm}-${dd}`));
    await waitFor(() => expect(screen.getByTestId('list-page').textContent).toMatch(/^Page 1 of /));
    await waitFor(() => expect(bodyRows()[0]!.querySelectorAll('td')[1]!.textContent!.slice(0, 10)).toBe(`${dd}-${mm}-${yyyy}`));
  }, 90_000);
});
