/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com), both directions:
 *  - what Paydesk sends (the refund acknowledgement, docs/API.md "Webhooks") is signed with the
 *    receiver's secret;
 *  - what machine clients post to the ingest API (modules/txn-ingest) is verified against each
 *    active signing credential.
 * The construction is the published one, computed by the `standardwebhooks` package: headers
 * `webhook-id`, `webhook-timestamp` (Unix seconds, UTC) and `webhook-signature: v1,<base64
 * HMAC-SHA256 of "{id}.{timestamp}.{raw body}">` (several space-separated signatures during a key
 * rotation), the key being the base64 after `whsec_`. A stock verifier in any language reads it.
 * The timestamp tolerance is checked here against the caller's clock (the package reads
 * Date.now(), which a test on a fixed clock cannot move).
 */
import { timingSafeEqual } from 'node:crypto';
import { generateWebhookSecret, isStandardWebhookSecret } from '@paydesk/contract';
import { Webhook } from 'standardwebhooks';

/** The headers of a signed message (lower case, as Node presents them). */
export const WEBHOOK_HEADERS = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;

/** Seconds a timestamp may be away from now (the standard's 5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** A new secret: `whsec_` + base64 of 32 random bytes (the contract's rule, shared with the form's Generate). */
export const newWebhookSecret = (): string => generateWebhookSecret();

/** Whether `secret` is a `whsec_` secret a stock library can use (contract webhook-secret.ts, the one rule). */
export const isWebhookSecret = (secret: string): boolean => isStandardWebhookSecret(secret);

/**
 * The three headers signing `body` (the raw bytes sent, as a string) with `secret` (`whsec_…`)
 * as message `id` at `at`. Throws when the secret is not base64.
 */
export function signWebhook(secret: string, id: string, at: Date, body: string): Record<(typeof WEBHOOK_HEADERS)[keyof typeof WEBHOOK_HEADERS], string> {
  return {
    [WEBHOOK_HEADERS.id]: id,
    [WEBHOOK_HEADERS.timestamp]: String(Math.floor(at.getTime() / 1000)),
    [WEBHOOK_HEADERS.signature]: new Webhook(secret).sign(id, at, body),
  };
}

/** Why a message was refused (each a 401 of the ingest API). */
export type WebhookRefusal = 'MISSING_HEADERS' | 'BAD_TIMESTAMP' | 'TIMESTAMP_OUT_OF_TOLERANCE' | 'NO_MATCHING_SIGNATURE';

/**
 * Verifies a message against `secrets` (tried in order; a rotation keeps two). `headers` as Node
 * gives them (lower-case keys); `nowMs` the server's clock (UTC ms). Answers the index of the
 * secret that signed it, or why it is refused. Constant-time comparison per signature; a malformed
 * secret is skipped, never thrown.
 */
export function verifyWebhook(
  secrets: readonly string[],
  headers: Record<string, string | string[] | undefined>,
  body: string,
  nowMs: number,
): { ok: true; index: number; id: string; timestampSeconds: number } | { ok: false; reason: WebhookRefusal } {
  const one = (k: string) => {
    const v = headers[k];
    return Array.isArray(v) ? v[0] : v;
  };
  const id = one(WEBHOOK_HEADERS.id);
  const ts = one(WEBHOOK_HEADERS.timestamp);
  const sig = one(WEBHOOK_HEADERS.signature);
  if (!id || !ts || !sig || id.length > 256) return { ok: false, reason: 'MISSING_HEADERS' };
  if (!/^\d{1,12}$/.test(ts)) return { ok: false, reason: 'BAD_TIMESTAMP' };
  const seconds = Number(ts);
  if (Math.abs(Math.floor(nowMs / 1000) - seconds) > WEBHOOK_TOLERANCE_SECONDS) return { ok: false, reason: 'TIMESTAMP_OUT_OF_TOLERANCE' };
  const passed = sig
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => Buffer.from(s.slice(3)));
  for (let i = 0; i < secrets.length; i++) {
    let want: Buffer;
    try {
      want = Buffer.from(new Webhook(secrets[i]!).sign(id, new Date(seconds * 1000), body).slice(3));
    } catch {
      continue;
    }
    if (passed.some((p) => p.length === want.length && timingSafeEqual(p, want))) return { ok: true, index: i, id, timestampSeconds: seconds };
  }
  return { ok: false, reason: 'NO_MATCHING_SIGNATURE' };
}
