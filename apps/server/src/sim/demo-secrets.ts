/**
 * The demo's fixed `whsec_` secrets of the transaction ingest sources (issue 31): what the seed
 * issues on an embedded demo (seed/demo-signing-secrets.ts) and the simulator signs with by
 * default. Public, written here: a demo database only.
 */
import type { TxnIngestSource } from '@paydesk/domain';

/** `whsec_` + base64 of a fixed phrase of 40 bytes (the standard asks 24 to 64). */
const demoSecret = (phrase: string) => `whsec_${Buffer.from(phrase.padEnd(40, '.')).toString('base64')}`;

/** The demo secret of each transaction ingest source. Demo only: anyone can read them here. */
export const DEMO_SIGNING_SECRETS: Readonly<Record<TxnIngestSource, string>> = {
  PAYMENT_GATEWAY: demoSecret('paydesk demo payment gateway'),
  TERMINAL_HOST: demoSecret('paydesk demo terminal host'),
};

