/**
 * The receipt preview beside the NFC receipt template and banner forms: for
 * generated form values it shows exactly what the values ask for — header and footer as typed, a
 * logo or banner picture only from an https address, the outlet address when asked, the e-receipt
 * QR code only on an e-receipt with ShowQr, "CUSTOMER COPY" only on a printed slip — and always
 * says the payment is a sample and masks its card number (first 6, last 4).
 */
import './setup-dom.ts';
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cleanup, render, screen } from '@testing-library/react';
import { i18n } from '../src/i18n/index.ts';
import { ReceiptBannerAside, ReceiptTemplateAside } from '../src/features/resources/overrides/receipt-preview.tsx';
import { RESOURCES } from '@paydesk/contract';

afterEach(cleanup);

const template = RESOURCES.find((d) => d.name === 'NfcReceipt')!;
const banner = RESOURCES.find((d) => d.name === 'NfcReceiptBanner')!;
const line = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0 && s.trim() === s);
const address = fc.oneof(fc.constant(''), fc.constant('not a link'), fc.constant('http://cdn.example.my/a.png'), fc.constant('https://cdn.example.my/a.png'));
const slip = () => screen.getByTestId('receipt-slip');
const FULL_PAN = /\b\d{13,19}\b/;

describe('receipt preview', () => {
  it('draws a template as its values ask, for any values', () => {
    fc.assert(
      fc.property(
        fc.record({ ReceiptType: fc.constantFrom('E_RECEIPT', 'NON_E_RECEIPT'), HeaderText: line, FooterText: line, LogoUrl: address, ShowMerchantAddress: fc.constantFrom(0, 1), ShowQr: fc.constantFrom(0, 1) }),
        (values) => {
          render(<ReceiptTemplateAside def={template} values={values} item={null} />);
          const text = slip().textContent ?? '';
          expect(text).toContain(values.HeaderText);
          expect(text).toContain(values.FooterText);
          expect(slip().querySelector('img') !== null).toBe(values.LogoUrl.startsWith('https://'));
          expect(text.includes('Jalan Contoh')).toBe(values.ShowMerchantAddress === 1);
          expect(screen.queryByTestId('receipt-qr') !== null).toBe(values.ReceiptType === 'E_RECEIPT' && values.ShowQr === 1);
          expect(text.includes('CUSTOMER COPY')).toBe(values.ReceiptType === 'NON_E_RECEIPT');
          expect(text).toContain('411111******1111');
          expect(text).not.toMatch(FULL_PAN);
          expect(screen.getByText(/not a real transaction/)).toBeTruthy();
          cleanup();
        },
      ),
      { numRuns: 40 },
    );
  });

  it('places a banner picture from an https address, else says where it goes', () => {
    fc.assert(
      fc.property(fc.record({ ReceiptType: fc.constantFrom('E_RECEIPT', 'NON_E_RECEIPT'), Title: line, ImageUrl: address }), (values) => {
        render(<ReceiptBannerAside def={banner} values={values} item={null} />);
        const picture = screen.getByTestId('receipt-banner').querySelector('img');
        expect(picture?.getAttribute('src') ?? null).toBe(values.ImageUrl.startsWith('https://') ? values.ImageUrl : null);
        if (!picture) expect(screen.getByText('The banner picture shows here')).toBeTruthy();
        expect(screen.queryByTestId('receipt-qr')).toBeNull();
        cleanup();
      }),
      { numRuns: 20 },
    );
  });

  it('asks for the receipt type first, in the UI language', async () => {
    await i18n.changeLanguage('ms');
    render(<ReceiptTemplateAside def={template} values={{}} item={null} />);
    expect(screen.getByText('Pilih jenis resit untuk melihat resit.')).toBeTruthy();
    expect(screen.queryByTestId('receipt-slip')).toBeNull();
    await i18n.changeLanguage('en');
  });
});
