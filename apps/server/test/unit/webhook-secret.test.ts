/**
 * The CallbackSecret format (contract webhook-secret.ts) against what actually signs: every secret
 * the configuration takes, the form's Generate included, is one the server signs with
 * (platform/webhook-signature.ts) and the `standardwebhooks` package verifies as a merchant would;
 * what it refuses is the text of the secrets stored before, or a key too short or too long.
 */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { RESOURCES, generateWebhookSecret, isStandardWebhookSecret } from '@paydesk/contract';
import { isWebhookSecret, newWebhookSecret, signWebhook } from '../../src/platform/webhook-signature.ts';

const b64 = (bytes: number, fill = 7) => Buffer.alloc(bytes, fill).toString('base64');

describe('Standard Webhooks callback secret', () => {
  it('takes a generated secret, which the server signs with and a stock receiver verifies', () => {
    for (const secret of [generateWebhookSecret(), generateWebhookSecret(), newWebhookSecret()]) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(isStandardWebhookSecret(secret)).toBe(true);
      expect(isWebhookSecret(secret)).toBe(true);
      const body = '{"EventId":"e1"}';
      expect(new Webhook(secret).verify(body, signWebhook(secret, 'e1', new Date(), body))).toEqual({ EventId: 'e1' });
    }
    expect(generateWebhookSecret()).not.toBe(generateWebhookSecret());
  });

  it('takes whsec_ and the padded base64 of 24 to 64 bytes, nothing else', () => {
    for (const n of [24, 25, 26, 32, 63, 64]) expect(isStandardWebhookSecret(`whsec_${b64(n)}`), `${n} bytes`).toBe(true);
    for (const bad of [
      'whsec_test_0123456789abcdef', // the secrets written before: '_' is no base64
      'whsec-failure',
      'a plain shared secret of forty characters',
      b64(32), // no prefix
      `whsec_${b64(23)}`, // too short a key
      `whsec_${b64(65)}`,
      `whsec_${b64(25).replace(/=+$/, '')}`, // unpadded: some languages' decoders refuse it
      `whsec_${b64(32)} `,
      `whsec_${b64(30)}==`,
      '',
    ]) {
      expect(isStandardWebhookSecret(bad), bad).toBe(false);
    }
  });

  it("is the configuration's CallbackSecret rule, an empty value or the mask still keeping the stored one", () => {
    const schema = RESOURCES.find((r) => r.name === 'MerchantConfig')!.fields.CallbackSecret!.schema;
    expect(schema.safeParse(generateWebhookSecret()).success).toBe(true);
    expect(schema.safeParse('').success).toBe(true);
    expect(schema.safeParse('••••AbC=').success).toBe(true);
    expect(schema.safeParse(null).success).toBe(true);
    const refused = schema.safeParse('whsec_live_9f8e7d6c5b4a3210');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('enter a Standard Webhooks secret: whsec_ and the base64 of 24 to 64 random bytes, or generate one');
  });
});
