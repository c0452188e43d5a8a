/**
 * The ingest API's client as a payment gateway or terminal host would write it (issue 31): the
 * body signed by the `standardwebhooks` package's own signer — nothing of the portal's — and
 * posted with the three Standard Webhooks headers. The traffic simulator (simulate.ts) and the
 * tests post through it.
 */
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** What a post answered: the HTTP status and the JSON body. */
export interface PostAnswer {
  status: number;
  body: Record<string, unknown> & { Rows?: { Index: number; Result: string; Field: string | null; Id: number | null; Status: string | null; Message: string | null; TxnRefNo: string | null }[] };
}

/** Options of one post: the message id (default a new `msg_` UUID) and the signing time (default now). */
export interface PostOptions {
  id?: string;
  at?: Date;
  /** Changes the bytes after signing (tests of a tampered body). */
  tamper?: (raw: string) => string;
}

/**
 * Posts `body` as JSON to `portal` + `path` (`/api/ingest/v1/transactions` or `/events`), signed
 * with `secret` (`whsec_…`). Never throws for an HTTP status; a transport error rejects.
 */
export async function postSigned(portal: string, path: string, secret: string, body: unknown, opts: PostOptions = {}): Promise<PostAnswer> {
  const raw = JSON.stringify(body);
  const id = opts.id ?? `msg_${randomUUID()}`;
  const at = opts.at ?? new Date();
  const signature = new Webhook(secret).sign(id, at, raw);
  const res = await fetch(`${portal}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature },
    body: opts.tamper ? opts.tamper(raw) : raw,
  });
  const text = await res.text();
  let parsed: PostAnswer['body'] = {};
  try {
    parsed = JSON.parse(text) as PostAnswer['body'];
  } catch {
    parsed = { text };
  }
  return { status: res.status, body: parsed };
}
