/**
 * Honest inputs in the rendered resource form: a number out of range keeps what was
 * typed and names the range, a non-number keeps its text with "Enter a whole number ...", a text
 * over its field's own limit names that limit, a field never shows two errors, and Save sends
 * nothing while a field is wrong. The API here is test/fake-server.ts, which records every request.
 */
import './setup-dom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { RESOURCES, SYSTEM_SETTINGS, type ResourceDef } from '@paydesk/contract';
import { createApiClient } from '../src/api/client.ts';
import { memoryChannelStore } from '../src/api/channel-store.ts';
import { setApiClient } from '../src/api/index.ts';
import { ResourceForm, type FormTarget } from '../src/features/resources/components/resource-form.tsx';
import { SYSTEM_SETTING_OVERRIDE } from '../src/features/resources/overrides/system-setting-value.tsx';
import type { ResourceOverride } from '../src/features/resources/overrides/types.ts';
import { i18n } from '../src/i18n/index.ts';
import { setRuntimeConfig } from '../src/runtime-config.ts';
import { createStore } from '../src/store/index.ts';
import { fakeServer } from './fake-server.ts';

setRuntimeConfig({ ApiBaseUrl: '', ProductName: 'Paydesk', IpLookupV4Url: '', IpLookupV6Url: '', PosUrl: '', CountryServiceUrl: '' });

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const def = (name: string): ResourceDef => RESOURCES.find((d) => d.name === name)!;

function mountForm(resource: ResourceDef, target: FormTarget, override?: ResourceOverride) {
  const server = fakeServer(() => ({ body: {} }));
  setApiClient(
    createApiClient({
      baseUrl: '',
      publicIp: async () => null,
      channelStore: memoryChannelStore(),
      getToken: () => 'token',
      onTokenRenewed: () => {},
      onSessionEnd: () => {},
      notify: () => {},
      download: () => {},
      fetch: server.fetch,
    }),
  );
  const onSaved = vi.fn();
  render(
    <Provider store={createStore()}>
      <I18nextProvider i18n={i18n}>
        <AntApp>
          <MemoryRouter>
            <ResourceForm def={resource} target={target} override={override} onClose={() => {}} onSaved={onSaved} />
          </MemoryRouter>
        </AntApp>
      </I18nextProvider>
    </Provider>,
  );
  /** Requests that would write (the form may not send any while a field is wrong). */
  const writes = () => server.seen.filter((r) => /\/(Create|Update)$/.test(r.path));
  return { onSaved, writes };
}

const drawer = () => document.querySelector<HTMLElement>('.ant-drawer-open .ant-drawer-section')!;
const input = (label: string) => within(drawer()).getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const save = () => fireEvent.click(within(drawer().parentElement!).getByText('Save'));

/** The error texts under the field labelled `label`. */
function errorsOf(label: string): string[] {
  const item = input(label).closest('.ant-form-item')!;
  return Array.from(item.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent ?? '');
}

/** No field of the form shows more than one error. */
function expectOneErrorPerField() {
  for (const item of drawer().querySelectorAll('.ant-form-item')) expect(item.querySelectorAll('.ant-form-item-explain-error').length).toBeLessThanOrEqual(1);
}

const idle = SYSTEM_SETTINGS.find((s) => s.key === 'SESSION_IDLE_MINUTES')!;
const idleItem = {
  Id: 7,
  Version: 3,
  IsActive: 1,
  CreatedAt: '2026-01-01T00:00:00Z',
  UpdatedAt: '2026-01-01T00:00:00Z',
  SettingKey: idle.key,
  SettingValue: '15',
  ValueType: idle.valueType,
  Description: idle.description,
};

describe('a whole-number system setting (idle limit, 1 to 240)', () => {
  it('keeps 9999 as typed, names 1 and 240, and Save sends nothing', async () => {
    expect(idle.valueType).toBe('INT:1:240');
    const { writes, onSaved } = mountForm(def('SystemSetting'), { mode: 'update', item: idleItem }, SYSTEM_SETTING_OVERRIDE);
    await screen.findByText(`Edit ${idle.key} · System settings`);
    // The value type in words, not its code.
    expect(within(drawer()).getByText('Whole number from 1 to 240')).toBeTruthy();
    expect(within(drawer()).queryByText('INT:1:240')).toBeNull();

    type('Value', '9999');
    await waitFor(() => expect(errorsOf('Value')).toEqual(['Enter a whole number from 1 to 240']));
    expect(input('Value').value).toBe('9999');
    fireEvent.blur(input('Value'));
    save();
    await waitFor(() => expect(errorsOf('Value')).toEqual(['Enter a whole number from 1 to 240']));
    expect(input('Value').value).toBe('9999');
    expect(writes()).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
    expectOneErrorPerField();
  }, 60_000);

  it('keeps "abc9999" as typed with the whole-number message, in the current language', async () => {
    mountForm(def('SystemSetting'), { mode: 'update', item: idleItem }, SYSTEM_SETTING_OVERRIDE);
    await screen.findByText(`Edit ${idle.key} · System settings`);
    type('Value', 'abc9999');
    await waitFor(() => expect(errorsOf('Value')).toEqual(['Enter a whole number from 1 to 240']));
    const value = input('Value');
    expect(value.value).toBe('abc9999');
    await act(() => i18n.changeLanguage('ms'));
    fireEvent.change(value, { target: { value: 'abc99999' } });
    const explain = () => Array.from(value.closest('.ant-form-item')!.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);
    await waitFor(() => expect(explain()).toEqual(['Masukkan nombor bulat dari 1 hingga 240']));
    expect(value.value).toBe('abc99999');
    expectOneErrorPerField();
  }, 60_000);

  it('a value in range clears the message and is sent as typed', async () => {
    const { writes } = mountForm(def('SystemSetting'), { mode: 'update', item: idleItem }, SYSTEM_SETTING_OVERRIDE);
    await screen.findByText(`Edit ${idle.key} · System settings`);
    type('Value', '241');
    await waitFor(() => expect(errorsOf('Value')).toEqual(['Enter a whole number from 1 to 240']));
    type('Value', '240');
    await waitFor(() => expect(errorsOf('Value')).toEqual([]));
    save();
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toMatchObject({ Id: 7, Version: 3, SettingValue: '240' });
  }, 60_000);
});

describe('the bank form (BankName at most 100 characters, Sort order 0 to 999)', () => {
  it('names the real text limit and the range, one error per field, and sends nothing', async () => {
    const bank = def('Bank');
    expect(bank.fields.BankName!.limits).toEqual({ maxLength: 100 });
    expect(bank.fields.SortOrder!.limits).toEqual({ min: 0, max: 999 });
    const { writes } = mountForm(bank, { mode: 'create' });
    await screen.findByText(/New/);
    const name = 'B'.repeat(150);
    type('Bank name', name);
    await waitFor(() => expect(errorsOf('Bank name')).toEqual(['Enter at most 100 characters']));
    // Not cut: the whole paste stays, counted against the real limit.
    expect(input('Bank name').value).toBe(name);
    expect(input('Bank name').closest('.ant-form-item')!.textContent).toContain('150 / 100');

    type('Sort order', '5000');
    await waitFor(() => expect(errorsOf('Sort order')).toEqual(['Enter a whole number from 0 to 999']));
    type('Sort order', '12a');
    await waitFor(() => expect(errorsOf('Sort order')).toEqual(['Enter a whole number from 0 to 999']));
    expect(input('Sort order').value).toBe('12a');

    save();
    await waitFor(() => expect(errorsOf('Bank code').length).toBe(1));
    expect(errorsOf('Bank name')).toEqual(['Enter at most 100 characters']);
    expect(errorsOf('Sort order')).toEqual(['Enter a whole number from 0 to 999']);
    expectOneErrorPerField();
    expect(writes()).toEqual([]);
  }, 60_000);
});
