/**
 * A stand-in for the portal server behind `fetch`: the real secure-channel handshake, request
 * signature check and decryption, and encrypted answers bound to their path, using the contract's own
 * server-side functions. Handlers see decrypted bodies and answer plain values.
 */
import {
  CHANNEL_HEADERS,
  acceptHandshake,
  decryptPayload,
  encryptPayload,
  importChannelKeys,
  isEncryptedEnvelope,
  responseAad,
  verify,
  type ChannelKeys,
} from '@paydesk/contract';

export interface SeenRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Decrypted JSON body; undefined when none was sent. */
  body: unknown;
  rawBody: string | undefined;
  signatureValid: boolean | null;
}

export interface Answer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Raw bytes instead of JSON (a file). */
  raw?: BodyInit;
  /** Answer unencrypted even on a channel (errors are never encrypted). */
  plain?: boolean;
}

export function fakeServer(handle: (req: SeenRequest) => Answer | Promise<Answer>) {
  const channels = new Map<string, ChannelKeys>();
  const seen: SeenRequest[] = [];
  let handshakes = 0;
  let next = 0;

  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const path = `${url.pathname}${url.search}`;
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const rawBody = typeof init.body === 'string' ? init.body : undefined;

    if (path === '/api/portal/secure/Handshake') {
      handshakes++;
      const channelId = `channel-${++next}`;
      const { ClientPublicKey } = JSON.parse(rawBody ?? '{}') as { ClientPublicKey: string };
      const { serverPublicKey, rawKeys } = await acceptHandshake(ClientPublicKey, channelId);
      channels.set(channelId, await importChannelKeys(channelId, rawKeys));
      return Response.json({ ChannelId: channelId, ServerPublicKey: serverPublicKey });
    }

    const channelId = headers[CHANNEL_HEADERS.channel.toLowerCase()];
    const keys = channelId ? channels.get(channelId) : undefined;
    let body: unknown = rawBody === undefined ? undefined : JSON.parse(rawBody);
    let signatureValid: boolean | null = null;
    if (channelId && !keys) {
      seen.push({ method: init.method ?? 'GET', path, headers, body, rawBody, signatureValid });
      return Response.json({ ErrorCode: 'SEC404', ErrorMessage: 'Unknown secure channel' }, { status: 401 });
    }
    if (keys) {
      signatureValid = await verify(
        keys,
        [init.method ?? 'GET', path, headers['x-timestamp'] ?? '', headers['x-nonce'] ?? '', rawBody ?? ''],
        headers['x-signature'] ?? '',
      );
      if (isEncryptedEnvelope(body)) body = JSON.parse(await decryptPayload(keys, body.EncryptedPayload));
    }
    const req: SeenRequest = { method: init.method ?? 'GET', path, headers, body, rawBody, signatureValid };
    seen.push(req);

    const answer = await handle(req);
    const status = answer.status ?? 200;
    if (answer.raw !== undefined) return new Response(answer.raw, { status, headers: answer.headers });
    if (!keys || answer.plain || status >= 400) {
      return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
        status,
        headers: { 'content-type': 'application/json', ...answer.headers },
      });
    }
    const text = JSON.stringify({ EncryptedPayload: await encryptPayload(keys, JSON.stringify(answer.body), responseAad(path)) });
    return new Response(text, { status, headers: { 'content-type': 'application/json', ...answer.headers } });
  };

  return {
    fetch: fetchImpl as typeof fetch,
    seen,
    handshakes: () => handshakes,
    /** Forgets every channel, as a restarted server would. */
    forgetChannels: () => channels.clear(),
  };
}
