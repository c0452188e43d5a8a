/**
 * Following a report's live tail (server reports/tail.ts): one server-sent event stream after
 * another, each open up to TAIL_SECONDS, the next one asked `After` the last event id so nothing
 * is missed or sent twice across them. Sent over the secure channel like every call (the
 * browser's EventSource cannot sign a request), so the stream is read from `fetch`'s body and
 * parsed with eventsource-parser.
 */
import { createParser } from 'eventsource-parser';
import type { ReportRow } from '@paydesk/contract';
import { apiClient } from '../../api/index.ts';

/** How long each stream stays open (s): under the server's 55 s cap and common proxy timeouts. */
export const TAIL_SECONDS = 50;

/** What a tail tells its screen. */
export interface TailHandlers {
  /** New rows, oldest first. */
  onEntries: (rows: ReportRow[]) => void;
  /** A stream opened (the first, or a reconnection). */
  onOpen: () => void;
}

/**
 * Follows the tail of the report at `api` (its API base, e.g. 'Log/Terminal') with the list's
 * `searchData` until `signal` aborts; resolves then, and rejects when a stream could not be
 * opened or broke (the client has already shown why: a toast per §8), so the screen offers to
 * reconnect.
 */
export async function followTail(api: string, searchData: Record<string, unknown>, handlers: TailHandlers, signal: AbortSignal): Promise<void> {
  let after: string | undefined;
  while (!signal.aborted) {
    const body = await apiClient().path.postStream(`/api/portal/${api}/Tail`, { SearchData: searchData, Seconds: TAIL_SECONDS, ...(after ? { After: after } : {}) }, { signal });
    handlers.onOpen();
    const parser = createParser({
      onEvent: (e) => {
        if (e.id) after = e.id;
        if (e.event === 'entries') handlers.onEntries(JSON.parse(e.data) as ReportRow[]);
      },
    });
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const stop = () => void reader.cancel();
    signal.addEventListener('abort', stop, { once: true });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }
}
