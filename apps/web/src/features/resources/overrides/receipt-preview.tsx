/**
 * The receipt preview beside the forms of /content-management/nfc-receipt and
 * /content-management/nfc-receipt-banner ("with preview"): the slip a terminal
 * prints (non-e-receipt, §9) or the page an e-receipt link opens, drawn from the form's values as
 * they are typed — header, logo, outlet address, footer, the e-receipt QR code, and a banner's
 * picture where the slip shows it. The payment on it is a fixed SAMPLE, labelled so: no figure of
 * a real payment is shown, and its card number is masked as every receipt's is (first 6, last 4).
 */
import type { ComponentProps } from 'react';
import { Card, Divider, Flex, QRCode, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMytDateTime } from '@paydesk/domain';
import type { ResourceOverride } from './types.ts';

type AsideProps = ComponentProps<NonNullable<ResourceOverride['FormAside']>>;

/** The sample payment every preview shows (not a real one: the pane says so). */
const SAMPLE = {
  merchant: 'Kedai Runcit Contoh Sdn Bhd',
  address: 'No. 12, Jalan Contoh 3/1, 40150 Shah Alam, Selangor',
  amount: 'RM 25.50',
  card: 'VISA 411111******1111',
  tid: 'T0001234',
  mid: '000012345678901',
  approval: '123456',
  rrn: '612345678901',
  link: 'https://receipt.example.my/r/SAMPLE',
} as const;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const https = (v: unknown) => /^https:\/\/\S+$/i.test(text(v));

/** A line of the slip: a label on the left, its value on the right. */
function Line({ label, value }: { label: string; value: string }) {
  return (
    <Flex justify="space-between" gap={8}>
      <span>{label}</span>
      <span>{value}</span>
    </Flex>
  );
}

function Slip({ values, banner }: { values: Record<string, unknown>; banner: boolean }) {
  const { t } = useTranslation();
  const eReceipt = values.ReceiptType === 'E_RECEIPT';
  const picture = banner ? values.ImageUrl : values.LogoUrl;
  const showAddress = banner || values.ShowMerchantAddress === 1;
  const showQr = !banner && eReceipt && values.ShowQr === 1;
  return (
    <div
      data-testid="receipt-slip"
      style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12, lineHeight: 1.5, maxWidth: 300, margin: '0 auto', padding: 12, border: '1px dashed #bbb', background: '#fff', color: '#222' }}
    >
      {!banner && https(picture) && <img src={text(picture)} alt={t('receiptPreview.logo')} style={{ display: 'block', maxWidth: '100%', maxHeight: 60, margin: '0 auto 8px' }} />}
      {!banner && text(values.HeaderText) && <div style={{ textAlign: 'center', whiteSpace: 'pre-wrap' }}>{text(values.HeaderText)}</div>}
      <div style={{ textAlign: 'center', fontWeight: 600 }}>{SAMPLE.merchant}</div>
      {showAddress && <div style={{ textAlign: 'center' }}>{SAMPLE.address}</div>}
      <Divider dashed style={{ margin: '6px 0' }} />
      <div style={{ textAlign: 'center', fontWeight: 600 }}>{t('receiptPreview.sale')}</div>
      <Line label={t('receiptPreview.date')} value={formatMytDateTime(new Date())} />
      <Line label="TID" value={SAMPLE.tid} />
      <Line label="MID" value={SAMPLE.mid} />
      <Line label={t('receiptPreview.card')} value={SAMPLE.card} />
      <Line label={t('receiptPreview.approval')} value={SAMPLE.approval} />
      <Line label="RRN" value={SAMPLE.rrn} />
      <Flex justify="space-between" style={{ fontWeight: 600, fontSize: 14 }}>
        <span>{t('receiptPreview.total')}</span>
        <span>{SAMPLE.amount}</span>
      </Flex>
      <div style={{ textAlign: 'center' }}>{t('receiptPreview.approved')}</div>
      {banner && (
        <div style={{ marginTop: 8 }} data-testid="receipt-banner">
          {https(picture) ? (
            <img src={text(picture)} alt={text(values.Title) || t('receiptPreview.banner')} style={{ display: 'block', maxWidth: '100%', margin: '0 auto' }} />
          ) : (
            <div style={{ border: '1px solid #ddd', padding: 12, textAlign: 'center', color: '#595959' }}>{t('receiptPreview.bannerHere')}</div>
          )}
          {eReceipt && https(values.LinkUrl) && <div style={{ textAlign: 'center', wordBreak: 'break-all' }}>{text(values.LinkUrl)}</div>}
        </div>
      )}
      {!banner && text(values.FooterText) && (
        <>
          <Divider dashed style={{ margin: '6px 0' }} />
          <div style={{ textAlign: 'center', whiteSpace: 'pre-wrap' }}>{text(values.FooterText)}</div>
        </>
      )}
      {showQr && (
        <Flex vertical align="center" style={{ marginTop: 8 }} data-testid="receipt-qr">
          <QRCode type="svg" value={SAMPLE.link} size={112} bordered={false} />
          <span>{t('receiptPreview.scan')}</span>
        </Flex>
      )}
      {!eReceipt && <div style={{ textAlign: 'center', marginTop: 6 }}>{t('receiptPreview.customerCopy')}</div>}
    </div>
  );
}

function ReceiptPreview({ values, banner }: AsideProps & { banner: boolean }) {
  const { t } = useTranslation();
  const type = values.ReceiptType === 'E_RECEIPT' ? 'E_RECEIPT' : values.ReceiptType === 'NON_E_RECEIPT' ? 'NON_E_RECEIPT' : null;
  return (
    <Card size="small" title={t('receiptPreview.title')} extra={type && <Tag>{t(`enum.receiptType.${type}`, { defaultValue: type })}</Tag>}>
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('receiptPreview.sampleNote')}</Typography.Text>
        {type ? <Slip values={values} banner={banner} /> : <Typography.Text type="secondary">{t('receiptPreview.pickType')}</Typography.Text>}
      </Flex>
    </Card>
  );
}

export const ReceiptTemplateAside = (props: AsideProps) => <ReceiptPreview {...props} banner={false} />;
export const ReceiptBannerAside = (props: AsideProps) => <ReceiptPreview {...props} banner />;
