/**
 * A payment link's lifecycle (§2 Services /payment-link; statuses PAYMENT_LINK_STATUSES of
 * enums.ts): a link a merchant shares for a customer to pay on the hosted payment page.
 *  - ACTIVE: payable. DISABLED: paused by the merchant (ENABLE makes it payable again).
 *  - PAYMENT_PENDING: a customer started paying (START_PAYMENT); the acquirer's signed webhook
 *    decides: PAY (PAID), or REOPEN (declined or abandoned, or a paid use of a link with uses
 *    left). A payment started before the expiry is honoured: EXPIRE is refused while one is pending.
 *  - EXPIRED (its time passed, or forced by the merchant) and CANCELLED (with a reason) are final;
 *    a new link takes their place.
 * The desk's commands are DISABLE, ENABLE, EXPIRE and CANCEL; START_PAYMENT, PAY and REOPEN belong
 * to the hosted page and the webhook.
 */
import type { PaymentLinkStatus } from './enums.ts';
import { stateMachine } from './state-machine.ts';

export type PaymentLinkAction = 'DISABLE' | 'ENABLE' | 'EXPIRE' | 'CANCEL' | 'START_PAYMENT' | 'PAY' | 'REOPEN';

export const PAYMENT_LINK_MACHINE = stateMachine<PaymentLinkStatus, PaymentLinkAction>({
  ACTIVE: { DISABLE: 'DISABLED', EXPIRE: 'EXPIRED', CANCEL: 'CANCELLED', START_PAYMENT: 'PAYMENT_PENDING' },
  DISABLED: { ENABLE: 'ACTIVE', EXPIRE: 'EXPIRED', CANCEL: 'CANCELLED' },
  PAYMENT_PENDING: { PAY: 'PAID', REOPEN: 'ACTIVE' },
  PAID: {},
  EXPIRED: {},
  CANCELLED: {},
});
