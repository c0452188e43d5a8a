/**
 * Signatures of the webhooks Paydesk sends (docs/API.md "Webhooks"): HMAC-SHA256
 * with the receiving organization's callback secret over `${timestamp}.${eventId}.${body}`, sent
 * as `Paydesk-Signature: v1=<hex>` with `Paydesk-Timestamp` (Unix seconds, UTC) and
 * `Paydesk-Event-Id`. A receiver recomputes it over the raw body, compares in constant time,
 * refuses a timestamp older than its tolerance (replays) and drops an event id it has seen (a
 * retried delivery carries the same id).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The headers of a signed delivery. */
export const WEBHOOK_HEADERS = { signature: 'paydesk-signature', timestamp: 'paydesk-timestamp', eventId: 'paydesk-event-id' } as const;

/** `v1=` + hex HMAC-SHA256(secret, `${timestampSeconds}.${eventId}.${body}`). */
export function signWebhook(secret: string, timestampSeconds: number, eventId: string, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestampSeconds}.${eventId}.${body}`).digest('hex')}`;
}

/**
 * Whether `signature` signs the delivery and its timestamp is within `toleranceSeconds` of
 * `nowSeconds` (default 300). Constant-time comparison; false for any malformed input.
 */
export function verifyWebhook(secret: string, signature: string, timestampSeconds: number, eventId: string, body: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  if (!Number.isInteger(timestampSeconds) || Math.abs(nowSeconds - timestampSeconds) > toleranceSeconds) return false;
  const want = Buffer.from(signWebhook(secret, timestampSeconds, eventId, body));
  const got = Buffer.from(signature);
  return got.length === want.length && timingSafeEqual(got, want);
}
