/**
 * Single-flight: calls with the same key that come together share one run and its outcome.
 * Used by platform/route.ts for identical concurrent uploads.
 */

/**
 * How long (ms) a settled outcome still answers a call of its key. Copies sent at once do not
 * reach the handler at once: on one server thread each is read, its signature and session checked
 * (database round trips) one after another, and a fast first copy can be answered before the
 * next is even parsed (on the embedded database, whose queries run on the server's own thread,
 * ten copies of a one-row bulk upload reach the handler one after another). Half a second covers
 * such a burst; a later call runs again. A caller that must see the record's own rule for a
 * repeat within that time uses another session (the key holds the session).
 */
export const SINGLE_FLIGHT_GRACE_MS = 500;

/**
 * A single-flight group. `run(key, work)`: while a call of `key` is in flight, or settled less
 * than `graceMs` ago, answers that call's promise — its value or its rejection, the same error
 * object; otherwise starts `work` (performance.now()'s clock). Within this process only.
 */
export function singleFlight<T>(graceMs = SINGLE_FLIGHT_GRACE_MS): (key: string, work: () => Promise<T>) => Promise<T> {
  const flights = new Map<string, { outcome: Promise<T>; settledAt: number | null }>();
  return (key, work) => {
    const known = flights.get(key);
    if (known && (known.settledAt === null || performance.now() - known.settledAt < graceMs)) return known.outcome;
    const flight: { outcome: Promise<T>; settledAt: number | null } = { outcome: Promise.resolve(undefined as T), settledAt: null };
    flight.outcome = (async () => work())().finally(() => {
      flight.settledAt = performance.now();
      setTimeout(() => flights.get(key) === flight && flights.delete(key), graceMs).unref();
    });
    flights.set(key, flight);
    return flight.outcome;
  };
}
