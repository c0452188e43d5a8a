// @vitest-environment node
/**
 * The country service client and the state/city pickers (§7 external country service, §8, §9)
 * against the REAL server's country service (`/api/country`, reached through the runtime
 * configuration's CountryServiceUrl). Failures are real where a real server can give them (a
 * closed port, an HTTP error, a wrong URL); the answers no real server here gives (`error: true`,
 * a body that is not JSON, another shape, a hung connection) come from a `fetch` stand-in.
 * Runs in the node environment with a jsdom window for the reason given in lookups.test.tsx.
 */
import './support/dom-on-node.ts';
import './setup-dom.ts';
import { closePicker } from './support/close-picker.ts';
import { createServer } from 'node:net';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, Form } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import type { RuntimeConfig } from '@paydesk/contract';
import { COUNTRY_SERVICE_COUNTRY, countryServiceBase, fetchCities, fetchStates } from '../src/api/country.ts';
import { startApp } from '../src/app/start.ts';
import { NotifyBridge } from '../src/app/notify.tsx';
import { i18n } from '../src/i18n/index.ts';
import { CityPicker, StatePicker } from '../src/shared/country-pickers.tsx';
import type { AppStore } from '../src/store/index.ts';
import { configOf, countFetches, startTestServer, type TestServer, type Traffic } from './support/real-server.ts';

const STATES_PATH = '/api/country/states';
const CITIES_PATH = '/api/country/state/cities';

let server: TestServer;
let config: RuntimeConfig;
/** A URL on this machine where nothing listens: connections are refused. */
let closedUrl: string;
/** The service's cities of Selangor, asked directly. */
let selangorCities: string[];

beforeAll(async () => {
  server = await startTestServer({ transactions: 0 });
  config = await configOf(server);
  selangorCities = await fetchCities(config, 'Selangor');
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  closedUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 1}`;
}, 120_000);
afterAll(async () => server?.close());

describe('country service client', () => {
  it('reads the states of Malaysia and the cities of a state from the configured service', async () => {
    expect(config.CountryServiceUrl).toBe('/api/country');
    expect(countryServiceBase(config)).toBe(`${server.url}/api/country`);
    const states = await fetchStates(config);
    expect(states).toHaveLength(16);
    expect(states).toContain('Selangor');
    const cities = await fetchCities(config, 'Selangor');
    expect(cities.length).toBeGreaterThan(10);
    expect(cities).toContain('Shah Alam');
  });

  it('always asks for Malaysia, with a plain JSON POST', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const spy: typeof fetch = async (input, init) => {
      seen.push({ url: String(input), init: init ?? {} });
      return fetch(input, init);
    };
    await fetchStates(config, { fetch: spy });
    await fetchCities(config, 'Johor', { fetch: spy });
    expect(seen.map((s) => [s.url, s.init.method, JSON.parse(String(s.init.body))])).toEqual([
      [`${server.url}${STATES_PATH}`, 'POST', { country: COUNTRY_SERVICE_COUNTRY }],
      [`${server.url}${CITIES_PATH}`, 'POST', { country: 'Malaysia', state: 'Johor' }],
    ]);
    expect(seen.every((s) => s.init.credentials === 'omit')).toBe(true);
  });

  it('returns [] when the service cannot be reached, answers an HTTP error, or is not at the URL', async () => {
    const refused = { ...config, CountryServiceUrl: `${closedUrl}/api/country` };
    expect(await fetchStates(refused)).toEqual([]);
    expect(await fetchCities(refused, 'Selangor')).toEqual([]);
    // The real service answers 400 for a state that is not Malaysian.
    expect(await fetchCities(config, 'Atlantis')).toEqual([]);
    const elsewhere = { ...config, CountryServiceUrl: `${server.url}/api/portal` };
    expect(await fetchStates(elsewhere)).toEqual([]);
    expect(await fetchCities(elsewhere, 'Selangor')).toEqual([]);
  });

  it('returns [] without asking when no service is configured or no state is given', async () => {
    const spy = vi.fn<typeof fetch>();
    expect(await fetchStates({ ...config, CountryServiceUrl: '  ' }, { fetch: spy })).toEqual([]);
    expect(await fetchCities(config, ' ', { fetch: spy })).toEqual([]);
    expect(spy).not.toHaveBeenCalled();
  });

  it.each([
    ['the service reports an error', () => Response.json({ error: true, msg: 'country not found', data: [] })],
    ['the body is not JSON', () => new Response('<html>gateway</html>', { status: 200, headers: { 'content-type': 'text/html' } })],
    ['the answer has another shape', () => Response.json({ states: ['Selangor'] })],
    ['fetch throws', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('returns [] when %s', async (_case, answer) => {
    const stub: typeof fetch = async () => answer();
    expect(await fetchStates(config, { fetch: stub })).toEqual([]);
    expect(await fetchCities(config, 'Selangor', { fetch: stub })).toEqual([]);
  });

  it('returns [] when the service does not answer in time', async () => {
    vi.useFakeTimers();
    try {
      const hung: typeof fetch = (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      const pending = fetchStates(config, { fetch: hung, timeoutMs: 5_000 });
      await vi.advanceTimersByTimeAsync(5_000);
      expect(await pending).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('state and city pickers', () => {
  let traffic: Traffic;
  beforeEach(() => {
    localStorage.clear();
    traffic = countFetches();
  });
  afterEach(async () => {
    await waitFor(() => expect(traffic.pending()).toBe(0));
    cleanup();
    traffic.restore();
  });

  /** An address form: the city list follows the chosen state, and a new state clears the city. */
  function AddressForm() {
    const [form] = Form.useForm<{ state?: string; city?: string }>();
    const [state, setState] = useState<string>();
    return (
      <Form
        form={form}
        layout="vertical"
        onValuesChange={(changed: { state?: string }) => {
          if ('state' in changed) {
            setState(changed.state);
            form.setFieldValue('city', undefined);
          }
        }}
      >
        <Form.Item name="state" label="State">
          <StatePicker virtual={false} />
        </Form.Item>
        <Form.Item name="city" label="City">
          <CityPicker state={state} virtual={false} />
        </Form.Item>
      </Form>
    );
  }

  function renderForm(store: AppStore) {
    render(
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <AntApp>
            <NotifyBridge />
            <AddressForm />
          </AntApp>
        </I18nextProvider>
      </Provider>,
    );
  }

  const dropdownOf = (input: HTMLElement) => document.getElementById(`${input.id}_list`)!.closest<HTMLElement>('.ant-select-dropdown')!;
  const optionsOf = (input: HTMLElement) => Array.from(dropdownOf(input).querySelectorAll('.ant-select-item-option')).map((o) => o.textContent);

  async function choose(input: HTMLElement, label: string) {
    fireEvent.mouseDown(input);
    await waitFor(() => expect(optionsOf(input)).toContain(label));
    fireEvent.click(within(dropdownOf(input)).getByText(label, { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('false'));
  }

  it('lists the states, then the cities of the chosen state; each list once', async () => {
    const store = await startApp(config);
    renderForm(store);
    const statePicker = screen.getByLabelText('State');
    const cityPicker = screen.getByLabelText('City');
    expect(cityPicker.closest('.ant-select-disabled')).not.toBeNull();

    await choose(statePicker, 'Selangor');
    expect(traffic.count(STATES_PATH)).toBe(1);
    await waitFor(() => expect(cityPicker.closest('.ant-select-disabled')).toBeNull());
    await choose(cityPicker, 'Shah Alam');
    expect(optionsOf(cityPicker)).toEqual(selangorCities);

    await choose(statePicker, 'Johor');
    fireEvent.mouseDown(cityPicker);
    await waitFor(() => expect(optionsOf(cityPicker)).toContain('Johor Bahru'));
    expect(optionsOf(cityPicker)).not.toContain('Shah Alam');
    closePicker(cityPicker);

    // Back to Selangor: its cities come from the cache.
    await choose(statePicker, 'Selangor');
    fireEvent.mouseDown(cityPicker);
    await waitFor(() => expect(optionsOf(cityPicker)).toContain('Shah Alam'));
    expect(traffic.count(CITIES_PATH)).toBe(2); // Selangor, Johor
    expect(traffic.count(STATES_PATH)).toBe(1);
  }, 60_000);

  it('shows an empty, usable state picker when the country service is down: no toast', async () => {
    const store = await startApp({ ...config, CountryServiceUrl: `${closedUrl}/api/country` });
    renderForm(store);
    const statePicker = screen.getByLabelText('State');
    await waitFor(() => expect(traffic.statuses(STATES_PATH)).toEqual(['failed']));
    await waitFor(() => expect(store.getState().api.queries['countryStates(undefined)']?.status).toBe('fulfilled'));
    // Opening the picker asks once more (a failed lookup is retried), and fails again.
    fireEvent.mouseDown(statePicker);
    await waitFor(() => expect(traffic.statuses(STATES_PATH)).toEqual(['failed', 'failed']));
    await waitFor(() => expect(within(dropdownOf(statePicker)).getByText('No data', { selector: '.ant-empty-description' })).toBeTruthy());
    expect(optionsOf(statePicker)).toEqual([]);
    expect(statePicker.closest('.ant-select-disabled')).toBeNull();
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  }, 60_000);
});
