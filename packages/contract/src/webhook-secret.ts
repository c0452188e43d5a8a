/**
 * The Standard Webhooks secret (https://www.standardwebhooks.com) a merchant configuration's
 * CallbackSecret must be: `whsec_` then the padded base64 of 24 to 64 random bytes. It is what
 * every stock library reads (`new Webhook(secret)` strips `whsec_` and base64-decodes the rest),
 * so the merchant's receiver verifies the refund acknowledgement with the very text it was given
 * (docs/API.md "Webhooks"). Pure and WebCrypto only, so the form (its Generate button) and the
 * server's schema use the same rule; the server signs with platform/webhook-signature.ts.
 */
import { bytesToBase64 } from './base64.ts';

/** The prefix of a Standard Webhooks secret. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Random bytes of a generated secret (the standard allows 24 to 64). */
const GENERATED_BYTES = 32;

/**
 * Canonical padded base64 of 24 to 64 bytes: 32 to 88 characters, a multiple of 4. Strict on
 * padding, since some languages' decoders refuse unpadded text that the JavaScript library takes.
 */
const SECRET_BODY = /^(?=.{32,88}$)(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Whether `text` is a `whsec_` secret of 24 to 64 bytes that any Standard Webhooks library reads. */
export function isStandardWebhookSecret(text: string): boolean {
  if (!text.startsWith(WEBHOOK_SECRET_PREFIX)) return false;
  const body = text.slice(WEBHOOK_SECRET_PREFIX.length);
  if (!SECRET_BODY.test(body)) return false;
  const bytes = (body.length / 4) * 3 - (body.match(/=+$/)?.[0].length ?? 0);
  return bytes >= 24 && bytes <= 64;
}

/** A new secret: `whsec_` + base64 of 32 bytes from `crypto.getRandomValues` (browser or Node). */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${bytesToBase64(globalThis.crypto.getRandomValues(new Uint8Array(GENERATED_BYTES)))}`;
}
