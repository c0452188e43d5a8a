/**
 * A log screen (issue 30) on the report engine: it opens on the last hour (its Search asks from
 * an hour ago, to the minute), and when that hour holds nothing it says so in log words and
 * offers the last 24 hours and the last 7 days, each asking the wider past at once.
 */
import './setup-dom.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { LIST_REPORTS } from '@paydesk/contract';
import { memoryChannelStore } from '../src/api/channel-store.ts';
import { createApiClient } from '../src/api/client.ts';
import { setApiClient } from '../src/api/index.ts';
import { ReportPage } from '../src/features/reports/report-page.tsx';
import { renderApp } from './render-app.tsx';
import { setRuntimeConfig } from '../src/runtime-config.ts';
import { profileLoaded, type Profile } from '../src/store/auth-slice.ts';
import { createStore } from '../src/store/index.ts';
import { currencySelected } from '../src/store/permission-slice.ts';
import { fakeServer } from './fake-server.ts';

setRuntimeConfig({ ApiBaseUrl: '', ProductName: 'Paydesk', IpLookupV4Url: '', IpLookupV6Url: '', PosUrl: '', CountryServiceUrl: '' });

const def = LIST_REPORTS.find((d) => d.name === 'LogPayment')!;
const SEARCH = `/api/portal/${def.api}/Search`;

function mount() {
  const server = fakeServer((req) => (req.path === SEARCH ? { body: { Items: [], TotalRecords: 0, TotalCapped: false, NextCursor: null, RowsPerPage: 20 } } : { body: [] }));
  setApiClient(
    createApiClient({ baseUrl: '', publicIp: async () => null, channelStore: memoryChannelStore(), getToken: () => 'token', onTokenRenewed: () => {}, onSessionEnd: () => {}, notify: vi.fn(), download: () => {}, fetch: server.fetch }),
  );
  const store = createStore();
  store.dispatch(profileLoaded({ UserId: 1, Current: { GroupType: 'SUPERADMIN' }, Permissions: [def.permission] } as unknown as Profile));
  store.dispatch(currencySelected('MYR'));
  renderApp(store, createMemoryRouter([{ path: def.path, element: <ReportPage def={def} />, children: [{ path: ':id', element: null }] }], { initialEntries: [def.path] }));
  return () => server.seen.filter((r) => r.path === SEARCH).map((r) => (r.body as { SearchData: { DateFrom?: string; DateTo?: string } }).SearchData);
}

/** The fixed clock: 12:00:30 in Malaysia (04:00:30 UTC). */
const NOW = new Date('2026-12-01T04:00:30.000Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  localStorage.clear();
});

describe('a log screen', () => {
  it('opens on the last hour and, with nothing there, offers the last 24 hours and the last 7 days', async () => {
    const searches = mount();
    await waitFor(() => expect(searches().length).toBeGreaterThan(0));
    // To the minute: from 11:00 MYT, an hour before 12:00:30.
    expect(searches()[0]).toMatchObject({ DateFrom: '2026-12-01T03:00:00.000Z' });
    expect(searches()[0]!.DateTo).toBeUndefined();
    expect(await screen.findByText('No log entries match these filters in this time range.')).toBeTruthy();

    // Within the offer: getByRole over the whole page walks its accessibility tree (tens of seconds in jsdom).
    const widen = () => within(screen.getByTestId('report-widen'));
    fireEvent.click(widen().getByText('Last 7 days'));
    await waitFor(() => expect(searches().length).toBe(2));
    expect(searches()[1]).toMatchObject({ DateFrom: '2026-11-24T04:00:00.000Z' });
    await waitFor(() => expect(screen.getByTestId('report-widen')).toBeTruthy());
    fireEvent.click(widen().getByText('Last 24 hours'));
    await waitFor(() => expect(searches().length).toBe(3));
    expect(searches()[2]).toMatchObject({ DateFrom: '2026-11-30T04:00:00.000Z' });
  }, 60_000);
});
