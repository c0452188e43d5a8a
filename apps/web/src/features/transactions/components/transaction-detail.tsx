/**
 * Every §3 field of a transaction with its label, then the Customer and Customer address panels.
 * Purely presentational: the drawer loads the record.
 */
import { Descriptions, Flex, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@paydesk/contract';
import { formatAmount, formatDateTime } from '@paydesk/domain';
import { enumLabel, orDash } from '../../../shared/labels.ts';
import { StatusTag } from '../../../shared/status-tag.tsx';

export type TransactionDetailRecord = ResponseOf<'ecommerceGet'>;

type Items = NonNullable<DescriptionsProps['items']>;

const item = (key: string, label: string, children: React.ReactNode): Items[number] => ({ key, label, children });

export function TransactionDetail({ detail, fallbackCurrency }: { detail: TransactionDetailRecord; fallbackCurrency?: string }) {
  const { t } = useTranslation();
  const currency = detail.Currency || fallbackCurrency || 'MYR';
  const response = [detail.ResponseCode, detail.ResponseMessage].filter(Boolean).join(' · ');

  const transaction: Items = [
    item('amount', t('detail.amount'), <Typography.Text strong>{formatAmount(detail.TxnAmount, currency)}</Typography.Text>),
    item('status', t('detail.status'), <StatusTag status={detail.Status} />),
    item('payment_method', t('detail.payment_method'), enumLabel(t, 'paymentMethod', detail.PaymentMethod)),
    item('card_scheme', t('detail.card_scheme'), orDash(detail.CardScheme)),
    item('masked_card_number', t('detail.masked_card_number'), <Typography.Text code={!!detail.MaskedPAN}>{orDash(detail.MaskedPAN)}</Typography.Text>),
    item('acquirer_name', t('detail.acquirer_name'), orDash(detail.AcquirerName)),
    item('transaction_date', t('detail.transaction_date'), formatDateTime(detail.PaymentCreationDate)),
    item('transaction_reference_number', t('detail.transaction_reference_number'), <Typography.Text copyable>{detail.TxnRefNo}</Typography.Text>),
    item('type', t('detail.type'), orDash(detail.TxnType)),
    item('service_type', t('detail.service_type'), enumLabel(t, 'serviceType', detail.ServiceType)),
    item('mid', t('detail.mid'), orDash(detail.MID)),
    item('tid', t('detail.tid'), orDash(detail.TID)),
    item('auth_code', t('detail.auth_code'), orDash(detail.AuthCode)),
    item('response', t('detail.response'), orDash(response)),
    item('provider', t('detail.provider'), orDash(detail.Provider)),
    item('card_type', t('detail.card_type'), orDash(detail.CardType)),
    item('issuer_country', t('detail.issuer_country'), orDash(detail.IssuerCountry)),
    item('bank_code', t('detail.bank_code'), orDash(detail.BankCode)),
    item('merchant_order_no', t('detail.merchant_order_no'), orDash(detail.MerchantOrderNo)),
    item('order_description', t('detail.order_description'), orDash(detail.OrderDescription)),
    item('created_at', t('detail.created_at'), formatDateTime(detail.CreatedAt)),
    item('updated_at', t('detail.updated_at'), formatDateTime(detail.UpdatedAt)),
  ];

  const hierarchy: Items = [
    item('master_merchant', t('detail.master_merchant'), orDash(detail.MasterMerchantName)),
    item('agency', t('detail.agency'), orDash(detail.AgencyName)),
    item('agent', t('detail.agent'), orDash(detail.AgentName)),
    item('merchant', t('detail.merchant'), orDash(detail.MerchantName)),
    item('branch', t('detail.branch'), orDash(detail.BranchName)),
  ];

  const customer: Items = [
    item('cust_name', t('detail.cust_name'), orDash(detail.CustName)),
    item('cust_phone', t('detail.cust_phone'), orDash(detail.CustPhoneNo)),
    item('cust_email', t('detail.cust_email'), orDash(detail.CustEmail)),
    item('cust_ref', t('detail.cust_ref'), orDash(detail.CustRef)),
  ];

  const address: Items = [
    item('address1', t('detail.address1'), orDash(detail.CustAddress1)),
    item('address2', t('detail.address2'), orDash(detail.CustAddress2)),
    item('state', t('detail.state'), orDash(detail.CustState)),
    item('city', t('detail.city'), orDash(detail.CustCity)),
    item('country', t('detail.country'), orDash(detail.CustCountry)),
  ];

  const common = { bordered: true, size: 'small' as const, column: { xs: 1, sm: 2 } };
  return (
    <Flex vertical gap={16}>
      <Descriptions {...common} items={transaction} />
      <Descriptions {...common} title={t('detail.hierarchy')} items={hierarchy} data-testid="txn-hierarchy" />
      <Descriptions {...common} title={t('detail.customer')} items={customer} data-testid="txn-customer" />
      <Descriptions {...common} title={t('detail.customer_address')} items={address} data-testid="txn-customer-address" />
    </Flex>
  );
}
