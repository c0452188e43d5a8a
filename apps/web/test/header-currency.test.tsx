// @vitest-environment node
/**
 * The header currency on the REAL server (see lookups.test.tsx for why the node environment with
 * a jsdom window): the header currency governs every dashboard figure and the e-commerce list. Choosing
 * another currency (the action the header's currency picker dispatches) asks the server again,
 * and every figure and the list total become the server's answer for that currency.
 */
import './support/dom-on-node.ts';
import './setup-dom.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import type { PortalClient, ResponseOf } from '@paydesk/contract';
import { FIGURES } from '../src/features/dashboard/components/figure-cards.tsx';
import { formatCount, formatDecimal, formatMoney, formatPercent } from '../src/shared/format.ts';
import { currencySelected } from '../src/store/permission-slice.ts';
import { renderSignedIn } from './support/signed-in-app.tsx';
import { startTestServer, type TestServer } from './support/real-server.ts';

let server: TestServer;
let direct: PortalClient;

const english = {
  count: (v: Parameters<typeof formatCount>[0]) => formatCount(v, 'en'),
  money: formatMoney,
  percent: (v: Parameters<typeof formatPercent>[0]) => formatPercent(v, 'en'),
  decimal: (v: Parameters<typeof formatDecimal>[0], maxFraction?: number) => formatDecimal(v, 'en', maxFraction),
};

/** Every figure card's text, as the page should show the server's answer. */
function expectedFigures(d: ResponseOf<'dashboard'>): Record<string, string> {
  return Object.fromEntries(FIGURES.map((f) => [f.testId, f.value(d, english)]));
}

function shownFigures(): Record<string, string> {
  return Object.fromEntries(FIGURES.map((f) => [f.testId, screen.queryByTestId(f.testId)?.textContent ?? '']));
}

beforeAll(async () => {
  server = await startTestServer({ transactions: 3000 });
  direct = await server.signIn('admin@paydesk.my');
  await Promise.all([import('../src/features/dashboard/pages/dashboard-page.tsx'), import('../src/features/reports/report-page.tsx')]);
}, 120_000);
afterAll(async () => server?.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the header currency governs every figure and list', () => {
  it('changes every dashboard figure, pending refunds included', async () => {
    const myr = await direct.call('dashboard', { body: { Currency: 'MYR' } });
    const sgd = await direct.call('dashboard', { body: { Currency: 'SGD' } });
    const { store } = await renderSignedIn(server, '/');
    expect(store.getState().permission.selectedCurrency).toBe('MYR');
    await waitFor(() => expect(shownFigures()).toEqual(expectedFigures(myr)), { timeout: 45_000 });

    act(() => {
      store.dispatch(currencySelected('SGD'));
    });
    await waitFor(() => expect(shownFigures()).toEqual(expectedFigures(sgd)), { timeout: 45_000 });
    // The two currencies' figures differ, so the change is visible, and no amount is in ringgit.
    expect(expectedFigures(sgd)).not.toEqual(expectedFigures(myr));
    expect(Object.values(shownFigures()).some((text) => text.includes('RM'))).toBe(false);
    // The open risk alerts count alerts, not money: the same in every currency, from the server.
    expect(sgd.OpenRiskAlerts).not.toBeNull();
    expect(sgd.OpenRiskAlerts).toBe(myr.OpenRiskAlerts);
  }, 150_000);

  it('changes the e-commerce list: only rows of the header currency, and its total', async () => {
    const totals: Record<string, number> = {};
    for (const Currency of ['MYR', 'SGD']) {
      totals[Currency] = (await direct.callPath<{ TotalRecords: number }>('POST', '/api/portal/Transaction/Ecommerce/Search', { SearchData: { Currency } })).TotalRecords;
    }
    expect(totals.SGD).toBeGreaterThan(0);
    expect(totals.SGD).not.toBe(totals.MYR);
    const { store } = await renderSignedIn(server, '/transaction/ecommerce');
    const total = () => Number((screen.queryByTestId('report-total')?.textContent ?? '').replace(/\D/g, ''));
    await waitFor(() => expect(total()).toBe(totals.MYR), { timeout: 45_000 });

    act(() => {
      store.dispatch(currencySelected('SGD'));
    });
    await waitFor(() => expect(total()).toBe(totals.SGD), { timeout: 45_000 });
    // Every amount on the page is in Singapore dollars (§3: the currency symbol with the amount).
    await waitFor(() => {
      const amounts = Array.from(document.querySelectorAll('td')).map((td) => td.textContent ?? '').filter((t) => /\d\.\d{2}$/.test(t));
      expect(amounts.length).toBeGreaterThan(0);
      expect(amounts.every((a) => a.startsWith('S$'))).toBe(true);
    }, { timeout: 45_000 });
  }, 150_000);
});
