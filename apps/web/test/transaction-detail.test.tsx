import './setup-dom.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../src/i18n/index.ts';
import { ecommerceTransactions, type ReportRow } from '@paydesk/contract';
import { ReportDetail } from '../src/features/reports/report-detail.tsx';

type TransactionDetailRecord = ReportRow;

const sample: TransactionDetailRecord = {
  Id: 42,
  TxnRefNo: 'EC20240501000042',
  PaymentCreationDate: '2024-05-01T02:03:04.000Z',
  CreatedAt: '2024-05-01T02:03:00.000Z',
  UpdatedAt: '2024-05-01T02:05:00.000Z',
  ServiceType: 1,
  PaymentMethod: 'CC',
  CardScheme: 'VISA',
  MaskedPAN: '411111******1111',
  TxnType: 'SALE',
  Status: 'SUCCESS',
  TxnAmount: '1234.5',
  Currency: 'MYR',
  MerchantName: 'Kedai Runcit Ali',
  BranchName: 'Bangsar',
  MID: 'MID000123',
  CustName: 'Siti Aminah',
  AcquirerName: 'Maybank',
  Provider: 'RM',
  TID: 'TID0009',
  AuthCode: 'A1B2C3',
  ResponseCode: '00',
  ResponseMessage: 'Approved',
  MerchantOrderNo: 'ORD-77',
  OrderDescription: 'Groceries',
  CardType: 'CREDIT',
  IssuerCountry: 'MY',
  BankCode: null,
  MasterMerchantName: 'Paydesk Master',
  AgencyName: 'Agency One',
  AgentName: 'Agent Smith',
  CustPhoneNo: '+60123456789',
  CustEmail: 'siti@example.my',
  CustRef: 'CUST-9',
  CustAddress1: '12 Jalan Telawi',
  CustAddress2: 'Bangsar Baru',
  CustState: 'Wilayah Persekutuan Kuala Lumpur',
  CustCity: 'Kuala Lumpur',
  CustCountry: 'Malaysia',
};

function renderDetail(detail: TransactionDetailRecord) {
  return render(
    <I18nextProvider i18n={i18n}>
      <ReportDetail def={ecommerceTransactions} detail={detail} fallbackCurrency={String(detail.Currency)} />
    </I18nextProvider>,
  );
}

/** The value cell next to a Descriptions label. */
function valueOf(label: string, container: HTMLElement = document.body): string {
  const labelCell = within(container).getByText(label, { selector: 'th, th *, .ant-descriptions-item-label, .ant-descriptions-item-label *' });
  const cell = labelCell.closest('th, .ant-descriptions-item-label')!;
  return (cell.nextElementSibling as HTMLElement).textContent ?? '';
}

afterEach(cleanup);

describe('the e-commerce detail, generated from the report columns', () => {
  it('shows the amount with symbol, separators and 2 decimals, and the date in MYT', () => {
    renderDetail(sample);
    expect(valueOf('Amount')).toBe('RM 1,234.50');
    expect(screen.getByText('RM 1,234.50')).toBeTruthy();
    expect(valueOf('Transaction date')).toBe('01-05-2024 10:03:04');
    expect(valueOf('Payment method')).toBe('Credit/debit card');
    expect(valueOf('Card scheme')).toBe('Visa');
    expect(valueOf('Masked card number')).toBe('411111******1111');
    expect(valueOf('Acquirer name')).toBe('Maybank');
    expect(valueOf('Reference no.')).toContain('EC20240501000042');
    expect(valueOf('Status')).toBe('Success');
    expect(valueOf('MID')).toBe('MID000123');
    expect(valueOf('Response code')).toBe('00');
    expect(valueOf('Response message')).toBe('Approved');
    expect(valueOf('Bank code')).toBe('-');
  });

  it('shows the customer and customer address panels', () => {
    renderDetail(sample);
    const customer = screen.getByTestId('txn-customer');
    expect(within(customer).getByText('Customer')).toBeTruthy();
    expect(valueOf('Customer name', customer)).toBe('Siti Aminah');
    expect(valueOf('Phone', customer)).toBe('+60123456789');
    expect(valueOf('Email', customer)).toBe('siti@example.my');
    expect(valueOf('Customer reference', customer)).toBe('CUST-9');

    const address = screen.getByTestId('txn-customer-address');
    expect(within(address).getByText('Customer address')).toBeTruthy();
    expect(valueOf('Address line 1', address)).toBe('12 Jalan Telawi');
    expect(valueOf('Address line 2', address)).toBe('Bangsar Baru');
    expect(valueOf('State', address)).toBe('Wilayah Persekutuan Kuala Lumpur');
    expect(valueOf('City', address)).toBe('Kuala Lumpur');
    expect(valueOf('Country', address)).toBe('Malaysia');

    const hierarchy = screen.getByTestId('txn-hierarchy');
    expect(valueOf('Master merchant', hierarchy)).toBe('Paydesk Master');
    expect(valueOf('Branch', hierarchy)).toBe('Bangsar');
  });

  it("shows '-' for an empty transaction date and empty customer fields", () => {
    renderDetail({ ...sample, PaymentCreationDate: null, CustName: null, CustEmail: '', CustAddress2: null, MaskedPAN: null });
    expect(valueOf('Transaction date')).toBe('-');
    expect(valueOf('Masked card number')).toBe('-');
    const customer = screen.getByTestId('txn-customer');
    expect(valueOf('Customer name', customer)).toBe('-');
    expect(valueOf('Email', customer)).toBe('-');
    expect(valueOf('Address line 2', screen.getByTestId('txn-customer-address'))).toBe('-');
  });
});
