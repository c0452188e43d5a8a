/**
 * A message template key (§2 system configuration → message templates; §3 "message templates"):
 * the event an e-mail / SMS / push body is written for, what it is for, and the placeholders a
 * body may use. Placeholders are written `{{Name}}` in a body and replaced when sending.
 */
export interface MessageTemplateKey {
  readonly key: string;
  readonly description: string;
  readonly placeholders: readonly string[];
}

const k = (key: string, description: string, placeholders: string[]): MessageTemplateKey =>
  Object.freeze({ key, description, placeholders: Object.freeze(placeholders) });

/** The message template keys the portal sends from. The server seeds `message_template_keys` from this list. */
export const MESSAGE_TEMPLATE_KEYS: readonly MessageTemplateKey[] = Object.freeze([
  k('WELCOME_USER', 'A portal user account was created: sign-in address and temporary password.', [
    '{{UserName}}', '{{Email}}', '{{TemporaryPassword}}', '{{PortalUrl}}',
  ]),
  k('RESET_PASSWORD', 'A user asked to reset the password: one-time link and its expiry.', ['{{UserName}}', '{{ResetLink}}', '{{ExpiryMinutes}}']),
  k('MERCHANT_APPROVED', 'Merchant onboarding was approved (status VERIFIED).', ['{{MerchantName}}', '{{MerchantId}}', '{{ApprovedDate}}', '{{PortalUrl}}']),
  k('MERCHANT_REJECTED', 'Merchant onboarding was rejected, with the reason.', ['{{MerchantName}}', '{{MerchantId}}', '{{Reason}}']),
  k('REFUND_COMPLETED', 'A refund request was completed.', [
    '{{MerchantName}}', '{{TxnRefNo}}', '{{RefundAmount}}', '{{Currency}}', '{{RefundDate}}',
  ]),
  k('REFUND_REJECTED', 'A refund request was rejected, with the reason.', ['{{MerchantName}}', '{{TxnRefNo}}', '{{RefundAmount}}', '{{Currency}}', '{{Reason}}']),
  k('PAYOUT_COMPLETED', 'A settlement payout was paid to the merchant\'s bank account.', [
    '{{MerchantName}}', '{{PayoutAmount}}', '{{Currency}}', '{{PayoutDate}}', '{{BankName}}', '{{BankAccountNo}}',
  ]),
  k('RISK_ALERT', 'A risk alert rule was triggered for a merchant.', ['{{MerchantName}}', '{{MerchantId}}', '{{RuleCode}}', '{{RuleDescription}}', '{{AlertDate}}']),
  k('PAYMENT_LINK', 'A payment link sent to a customer.', [
    '{{CustomerName}}', '{{MerchantName}}', '{{Amount}}', '{{Currency}}', '{{PaymentLink}}', '{{ExpiryDate}}',
  ]),
  k('RECURRING_REMINDER', 'Reminder of an upcoming recurring payment.', [
    '{{CustomerName}}', '{{MerchantName}}', '{{Amount}}', '{{Currency}}', '{{NextPaymentDate}}', '{{Frequency}}',
  ]),
  k('PAYMENT_RECEIPT', 'E-receipt of a successful payment sent to the customer.', [
    '{{CustomerName}}', '{{MerchantName}}', '{{TxnRefNo}}', '{{Amount}}', '{{Currency}}', '{{TransactionDate}}',
  ]),
]);
