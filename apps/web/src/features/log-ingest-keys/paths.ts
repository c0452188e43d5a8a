/**
 * Where the log ingest keys screen is (issue 30 item 4): `/log-ingest-keys`, with `?source=` to
 * open it filtered. Not a navigation entry (its permission, `logfiles:ingestkeys`, is appended to
 * the catalogue, and a menu route's permission would have to stand among the routes' at its head):
 * it is reached from the log screens of the OTLP sources (ingest-keys-button.tsx). Imports
 * nothing: the router, in the sign-in page's entry chunk, reads it.
 */
export const LOG_INGEST_KEYS_PATH = '/log-ingest-keys';
