/**
 * The ingest keys of the sources written from outside the portal (domain INGEST_KEY_SOURCES: the
 * OTLP sources and the terminal log files; issue 30 items 3 and 4; contract endpoints/log-ingest-keys.ts):
 * list, issue, rotate, revoke. The platform's (module `logfiles`, never a merchant's): no scope
 * condition, the permission decides. A key is answered only by the call that makes it; rows hold
 * its SHA-256 and prefix (key-material.ts), and the list never selects the hash.
 *
 * Writes run inside the operation's transaction (one audit row each, platform/operation.ts);
 * times are the app's clock. Rotate locks the old key's row, so two rotations of one key make one
 * new key, the second answering CF409.
 */
import type { LogIngestKeyItem, LogIngestKeyStatus, Routes } from '@paydesk/contract';
import { ERROR_CODES, TXN_INGEST_SOURCES, type IngestKeySource, type TxnIngestSource } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { InputOf } from '../../platform/operation.ts';
import { sealSecret } from '../../platform/sealing.ts';
import { newWebhookSecret } from '../../platform/webhook-signature.ts';
import { ingestKeyHash, ingestKeyPrefix, newIngestKey } from './key-material.ts';

/** A source with keys: a log source's bearer key, or a transaction ingest source's signing secret. */
export type MachineKeySource = IngestKeySource | TxnIngestSource;

/** Whether `source` signs with a `whsec_` secret (kept sealed) rather than presenting a bearer key (kept hashed). */
export const signsRequests = (source: string): source is TxnIngestSource => (TXN_INGEST_SOURCES as readonly string[]).includes(source);

interface Row {
  id: number;
  source: string;
  label: string;
  key_prefix: string;
  created_at: string | Date;
  created_by_email: string | null;
  last_used_at: string | Date | null;
  revoked_at: string | Date | null;
  revoked_by_email: string | null;
}

const SELECT = `SELECT k.id, k.source, k.label, k.key_prefix, k.created_at, cu.email AS created_by_email, k.last_used_at, k.revoked_at, ru.email AS revoked_by_email
  FROM log_ingest_keys k LEFT JOIN users cu ON cu.id = k.created_by LEFT JOIN users ru ON ru.id = k.revoked_by`;

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** A row as the list shows it. */
function itemOf(r: Row): LogIngestKeyItem {
  return {
    Id: Number(r.id),
    Source: r.source as MachineKeySource,
    Label: r.label,
    Prefix: r.key_prefix,
    Status: r.revoked_at === null ? 'ACTIVE' : 'REVOKED',
    CreatedAt: iso(r.created_at)!,
    CreatedBy: r.created_by_email,
    LastUsedAt: iso(r.last_used_at),
    RevokedAt: iso(r.revoked_at),
    RevokedBy: r.revoked_by_email,
  };
}

/** The key `id` as listed; NF404 when there is none. */
export async function ingestKeyItem(q: Query, id: number): Promise<LogIngestKeyItem> {
  const [row] = await q<Row>(`${SELECT} WHERE k.id = $1`, [id]);
  if (!row) throw notFound('Ingest key');
  return itemOf(row);
}

const SORT_COLUMNS = { CreatedAt: 'k.created_at', Source: 'k.source', LastUsedAt: 'k.last_used_at' } as const;

/**
 * A page of the keys, filtered by source and status, newest first unless `Sort` says otherwise
 * (ties by id); with the total of the filtered keys.
 */
export async function searchIngestKeys(q: Query, request: InputOf<Routes['logIngestKeySearch']>) {
  const { PageIndex, RowsPerPage, SearchData, Sort } = request;
  const order = Sort?.Order === 'asc' ? 'ASC' : 'DESC';
  const column = SORT_COLUMNS[(Sort?.Field ?? 'CreatedAt') as keyof typeof SORT_COLUMNS] ?? SORT_COLUMNS.CreatedAt;
  const status: LogIngestKeyStatus | null = SearchData.Status ?? null;
  const where = `($1::text IS NULL OR k.source = $1) AND ($2::text IS NULL OR ($2 = 'ACTIVE') = (k.revoked_at IS NULL))`;
  const params = [SearchData.Source ?? null, status];
  const [count] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM log_ingest_keys k WHERE ${where}`, params);
  const rows = await q<Row>(`${SELECT} WHERE ${where} ORDER BY ${column} ${order} NULLS LAST, k.id ${order} LIMIT $3 OFFSET $4`, [...params, RowsPerPage, (PageIndex - 1) * RowsPerPage]);
  return { Items: rows.map(itemOf), TotalRecords: Number(count?.n ?? 0), PageIndex, RowsPerPage };
}

/** What an issue needs: the source, the label, who issues (null: the demo seed), when, and optionally the key itself (the demo's fixed keys). */
export interface IssueInput {
  source: MachineKeySource;
  /** Seals a signing secret (the app's field key); required for a transaction ingest source. */
  fieldKey?: Uint8Array;
  label: string;
  userId: number | null;
  at: Date;
  key?: string;
}

/**
 * Stores a new key: a bearer key as its hash and prefix, a signing secret (transaction ingest
 * sources: `whsec_`, Standard Webhooks) sealed as well, since verifying needs it. Answers the key,
 * shown once, and its id. Throws when a signing secret comes without `fieldKey` (a wiring error).
 */
export async function issueIngestKey(q: Query, input: IssueInput): Promise<{ key: string; id: number }> {
  const signing = signsRequests(input.source);
  if (signing && !input.fieldKey) throw new Error('issueIngestKey: a signing secret needs the field key to be sealed');
  const key = input.key ?? (signing ? newWebhookSecret() : newIngestKey());
  const [row] = await q<{ id: number }>(
    'INSERT INTO log_ingest_keys (source, label, key_prefix, key_hash, created_at, created_by, secret_sealed) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
    [input.source, input.label, ingestKeyPrefix(key), ingestKeyHash(key), input.at.toISOString(), input.userId, signing ? sealSecret(input.fieldKey!, key) : null],
  );
  return { key, id: Number(row!.id) };
}

/** Revokes the active key `id`, its row locked; NF404 for no such key, CF409 for one already revoked. */
async function revokeLocked(q: Query, id: number, userId: number, at: Date): Promise<{ source: MachineKeySource; label: string }> {
  const [row] = await q<{ source: string; label: string; revoked_at: string | Date | null }>('SELECT source, label, revoked_at FROM log_ingest_keys WHERE id = $1 FOR UPDATE', [id]);
  if (!row) throw notFound('Ingest key');
  if (row.revoked_at !== null) throw new AppError(409, ERROR_CODES.CONFLICT, 'Id: the ingest key is already revoked');
  await q('UPDATE log_ingest_keys SET revoked_at = $2, revoked_by = $3 WHERE id = $1', [id, at.toISOString(), userId]);
  return { source: row.source as MachineKeySource, label: row.label };
}

/** Revokes the key `id` (see revokeLocked); its next request answers AUTH401. */
export async function revokeIngestKey(q: Query, id: number, userId: number, at: Date): Promise<LogIngestKeyItem> {
  await revokeLocked(q, id, userId, at);
  return ingestKeyItem(q, id);
}

/**
 * Replaces the active key `id` by a new one of the same source and label, in the caller's
 * transaction: the old is revoked, the new issued. Answers the new key (shown once) and both keys.
 */
export async function rotateIngestKey(q: Query, id: number, userId: number, at: Date, fieldKey?: Uint8Array) {
  const { source, label } = await revokeLocked(q, id, userId, at);
  const issued = await issueIngestKey(q, { source, label, userId, at, fieldKey });
  return { Key: issued.key, Item: await ingestKeyItem(q, issued.id), Revoked: await ingestKeyItem(q, id) };
}
