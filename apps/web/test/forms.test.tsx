/**
 * Forms use the shared §5 validator (validateField through fieldRule), with its message keys
 * translated; the filter bar's payment-method options come from the lookup, never from constants.
 * The API answers here come from test/fake-server.ts (the real server cannot be made to fail the
 * payment-method lookup, which reads no table: lookups.test.tsx covers failures on the real server).
 */
import './setup-dom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, Form, Input } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { ecommerceTransactions } from '@paydesk/contract';
import { ENUM_LABELS, RULE_MESSAGES, validateField } from '@paydesk/domain';
import { createApiClient } from '../src/api/client.ts';
import { memoryChannelStore } from '../src/api/channel-store.ts';
import { setApiClient } from '../src/api/index.ts';
import SignInPage from '../src/features/auth/pages/sign-in-page.tsx';
import { ReportFilterBar } from '../src/features/reports/report-filter-bar.tsx';
import { defaultReportQuery, toReportSearchData, type ReportQuery } from '../src/shared/report-query.ts';
import { i18n } from '../src/i18n/index.ts';
import { setRuntimeConfig } from '../src/runtime-config.ts';
import { fieldRule } from '../src/shared/field-rule.ts';
import { createStore } from '../src/store/index.ts';
import { fakeServer, type Answer, type SeenRequest } from './fake-server.ts';

setRuntimeConfig({ ApiBaseUrl: '', ProductName: 'Paydesk', IpLookupV4Url: '', IpLookupV6Url: '', PosUrl: '', CountryServiceUrl: '' });

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

function mount(ui: React.ReactNode, handle: (req: SeenRequest) => Answer = () => ({ status: 404, body: { ErrorCode: 'NF404' } })) {
  const server = fakeServer(handle);
  const notify = vi.fn<(messages: string[]) => void>();
  setApiClient(
    createApiClient({
      baseUrl: '',
      publicIp: async () => null,
      channelStore: memoryChannelStore(),
      getToken: () => 'token',
      onTokenRenewed: () => {},
      onSessionEnd: () => {},
      notify,
      download: () => {},
      fetch: server.fetch,
    }),
  );
  const store = createStore();
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <AntApp>
          <MemoryRouter>{ui}</MemoryRouter>
        </AntApp>
      </I18nextProvider>
    </Provider>,
  );
  return { server, notify, store };
}

/** The error texts shown under a labelled field. */
function errorsOf(label: string): string[] {
  const item = screen.getByLabelText(label).closest('.ant-form-item')!;
  return Array.from(item.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent ?? '');
}

describe('fieldRule', () => {
  function Probe() {
    return (
      <Form>
        <Form.Item name="phone" label="Phone" rules={[fieldRule('phone', { required: true })]}>
          <Input />
        </Form.Item>
      </Form>
    );
  }

  it('shows the validator message key translated, and the required mark when required', async () => {
    mount(<Probe />);
    const input = screen.getByLabelText('Phone');
    expect(input.closest('.ant-form-item')!.querySelector('.ant-form-item-required')).not.toBeNull();
    fireEvent.change(input, { target: { value: '12' } });
    expect(validateField('phone', '12')).toBe('enter a valid phone no');
    await waitFor(() => expect(errorsOf('Phone')).toEqual([ENUM_LABELS.en['enter a valid phone no']]));
    fireEvent.change(input, { target: { value: '' } });
    await waitFor(() => expect(errorsOf('Phone')).toEqual([ENUM_LABELS.en.placeholder_cannot_be_empty]));
    await act(() => i18n.changeLanguage('ms'));
    fireEvent.change(input, { target: { value: 'abc' } });
    await waitFor(() => expect(errorsOf('Phone')).toEqual([ENUM_LABELS.ms['enter a valid phone no']]));
    fireEvent.change(input, { target: { value: '012-345 6789' } });
    await waitFor(() => expect(errorsOf('Phone')).toEqual([]));
  });
});

describe('sign-in form', () => {
  /** The page is plain HTML (no antd): a field's errors are the elements its aria-describedby names. */
  const fieldErrors = (label: string): string[] =>
    (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '');

  it('checks the email with the shared validator', async () => {
    mount(<SignInPage />);
    const email = screen.getByLabelText('Email');
    fireEvent.change(email, { target: { value: 'ops@paydesk' } });
    fireEvent.blur(email);
    await waitFor(() => expect(fieldErrors('Email')).toEqual([ENUM_LABELS.en['please enter a valid email address']]));
    expect(screen.getByRole('alert').textContent).toBe(ENUM_LABELS.en['please enter a valid email address']);
    fireEvent.change(email, { target: { value: 'ops@paydesk.my' } });
    fireEvent.blur(email);
    await waitFor(() => expect(fieldErrors('Email')).toEqual([]));
  });

  it('says which fields are required, focuses the first, and sends nothing', async () => {
    const { server } = mount(<SignInPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(fieldErrors('Email')).toEqual(['Email is required']));
    expect(fieldErrors('Password')).toEqual(['Password is required']);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(server.seen.filter((r) => r.path.endsWith('/Login'))).toEqual([]);
  });

  it("sends the trimmed email over the channel and shows the server's refusal as an alert", async () => {
    const refusal = 'Invalid email or password';
    const { server, notify } = mount(<SignInPage />, (req) =>
      req.path.endsWith('/Login') ? { status: 401, plain: true, body: { ErrorCode: 'AUTH401', ErrorMessage: refusal } } : { status: 404, body: { ErrorCode: 'NF404' } },
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' ops@paydesk.my ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(refusal));
    const login = server.seen.find((r) => r.path.endsWith('/Login'))!;
    expect(login.body).toEqual({ Email: 'ops@paydesk.my', Password: 'wrong' });
    expect(login.signatureValid).toBe(true);
    // The form shows the message itself: no toast as well.
    expect(notify).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign in' }).getAttribute('aria-disabled')).toBeNull();
  });
});

describe('e-commerce filter bar (generated from the report declaration)', () => {
  // The generated bar mounts every declared filter (antd pickers): slow on a loaded machine.
  const SLOW = 30_000;
  const methods = [
    { Code: 'CC', Name: 'Credit/debit card' },
    { Code: 'EW', Name: 'E-wallet' },
    { Code: 'NEW_METHOD', Name: 'Not a filter code' },
  ];
  const lookups = (paymentMethods: Answer) => (req: SeenRequest): Answer =>
    req.path === '/api/portal/Transaction/Payment/GetPaymentMethod' ? paymentMethods : { body: [] };

  function renderBar(handle: (req: SeenRequest) => Answer) {
    const onSearch = vi.fn<(q: ReportQuery) => void>();
    const mounted = mount(<ReportFilterBar def={ecommerceTransactions} query={defaultReportQuery(ecommerceTransactions)} callerType="MERCHANT_BRANCH" onSearch={onSearch} />, handle);
    return { ...mounted, onSearch };
  }

  const pmOptions = () => {
    const input = screen.getByLabelText('Payment method');
    const list = document.getElementById(`${input.id}_list`)?.closest('.ant-select-dropdown');
    return list ? Array.from(list.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent) : [];
  };

  it('offers the payment methods of the lookup, with their labels', async () => {
    const { store } = renderBar(lookups({ body: methods }));
    await waitFor(() => expect(store.getState().api.queries['paymentMethodList(undefined)']?.status).toBe('fulfilled'));
    fireEvent.mouseDown(screen.getByLabelText('Payment method'));
    await waitFor(() => expect(pmOptions()).toEqual(['Credit/debit card', 'E-wallet']));
  }, SLOW);

  it('offers nothing (not the constants) when the lookup fails, without a toast, and still searches', async () => {
    const { store, notify, onSearch } = renderBar(lookups({ status: 500, body: { ErrorCode: 'SRV500', ErrorMessage: 'Unexpected server error' } }));
    await waitFor(() => expect(store.getState().api.queries['paymentMethodList(undefined)']?.status).toBe('fulfilled'));
    fireEvent.mouseDown(screen.getByLabelText('Payment method'));
    const dropdown = await waitFor(() => document.getElementById(`${screen.getByLabelText('Payment method').id}_list`)!.closest<HTMLElement>('.ant-select-dropdown')!);
    await waitFor(() => expect(within(dropdown).getByText('No data', { selector: '.ant-empty-description' })).toBeTruthy());
    expect(pmOptions()).toEqual([]);
    expect(notify).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
  }, SLOW);

  it('checks amounts as §5 decimals of money and the last 4 digits by their declared pattern', async () => {
    const { onSearch } = renderBar(lookups({ body: methods }));
    const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    const submit = () => fireEvent.click(screen.getByRole('button', { name: /Search/ }));

    type('Amount from', 'abc');
    type('Amount to', '1.234');
    type('Card last 4 digits', '12ab');
    submit();
    await waitFor(() => expect({
      from: errorsOf('Amount from'), to: errorsOf('Amount to'), last4: errorsOf('Card last 4 digits'),
    }).toEqual({
      from: [ENUM_LABELS.en['invalid transaction amount']], to: ['Enter an amount with at most 2 decimals'], last4: [ENUM_LABELS.en[RULE_MESSAGES.last4]],
    }));

    type('Amount from', '20');
    type('Amount to', '5');
    type('Card last 4 digits', '12');
    submit();
    // antd validates each field on its own promise: wait for all three outcomes together, or a
    // stale 'Amount from' error can still be on screen when 'Amount to' has already changed.
    await waitFor(() => expect({
      from: errorsOf('Amount from'), to: errorsOf('Amount to'), last4: errorsOf('Card last 4 digits'),
    }).toEqual({
      from: [], to: ['The lower amount must not exceed the upper amount'], last4: [ENUM_LABELS.en[RULE_MESSAGES.last4]],
    }));
    expect(onSearch).not.toHaveBeenCalled();

    type('Amount from', '.5');
    type('Amount to', '12.');
    type('Card last 4 digits', '4242');
    submit();
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    const query = onSearch.mock.calls[0]![0];
    expect([query.min, query.max, query.last4]).toEqual(['.5', '12.', '4242']);
    expect(toReportSearchData(ecommerceTransactions, query)).toMatchObject({ AmountMin: '0.50', AmountMax: '12.00', Last4: '4242' });
  }, SLOW);
});
