/**
 * What every related-section resolver of a transaction detail reads: the row's
 * own facts and, loaded at most once per request, its pre-auth chain. Every query here carries the
 * caller's scope (platform/scope.ts) even though the row was already found inside it: the chain
 * and the side tables belong to the same owner, and the scope costs one equality.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { scopeCondition, type Scope } from '../../platform/scope.ts';
import { run } from '../executor.ts';

/** The columns of a transaction the sections derive from (instants as Date, money as text). */
export interface TxnFacts {
  id: number;
  serviceType: number;
  status: string;
  txnType: string | null;
  preauthOp: string | null;
  originalTxnId: number | null;
  paymentLinkId: number | null;
  recurringScheduleId: number | null;
  terminalKind: string | null;
  tid: string | null;
  batchNo: string | null;
  createdAt: Date;
  paymentCreationDate: Date | null;
  updatedAt: Date;
  /** The machine client that posted it (ingest API), or null. */
  ingestSource: string | null;
  currency: string;
}

/** One operation of a pre-auth chain (the PREAUTH or a row pointing at it). */
export interface ChainRow {
  id: number;
  txnRefNo: string;
  preauthOp: string | null;
  createdAt: Date;
  amount: string;
  currency: string;
  status: string;
}

export interface RelatedContext {
  database: Database;
  scope: Scope;
  row: TxnFacts;
  /** The row's pre-auth chain, oldest first ([] when the row is not a pre-auth); queried once. */
  chain: () => Promise<ChainRow[]>;
}

/** `AND <scope>` of a table with the owner columns, or nothing for the platform. */
export function andScope(scope: Scope, table: Parameters<typeof scopeCondition>[1]): SQL {
  const c = scopeCondition(scope, table);
  return c ? sql` AND ${c}` : sql``;
}

const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : date(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The SQL of a row's facts (primary key + scope). */
export const factsStatement = (scope: Scope, id: number): SQL =>
  sql`SELECT id, service_type, status, txn_type, preauth_op, original_txn_id, payment_link_id, recurring_schedule_id,
      terminal_kind, tid, batch_no, created_at, payment_creation_date, updated_at, ingest_source, currency
    FROM transactions WHERE id = ${id}${andScope(scope, transactions)}`;

/** The SQL of the chain of the PREAUTH `root`: the primary key OR `transactions_original_idx`, scoped. */
export const chainStatement = (scope: Scope, root: number): SQL =>
  sql`SELECT id, txn_ref_no, preauth_op, created_at, amount::text AS amount, currency, status
    FROM transactions WHERE (id = ${root} OR original_txn_id = ${root}) AND service_type = 4${andScope(scope, transactions)}
    ORDER BY created_at, id`;

/** The row's facts inside the caller's scope; undefined when it is not there. */
async function loadFacts(database: Database, scope: Scope, id: number): Promise<TxnFacts | undefined> {
  const [r] = await run(database, factsStatement(scope, id));
  if (!r) return undefined;
  return {
    id: Number(r.id),
    serviceType: Number(r.service_type),
    status: String(r.status),
    txnType: (r.txn_type as string | null) ?? null,
    preauthOp: (r.preauth_op as string | null) ?? null,
    originalTxnId: numOrNull(r.original_txn_id),
    paymentLinkId: numOrNull(r.payment_link_id),
    recurringScheduleId: numOrNull(r.recurring_schedule_id),
    terminalKind: (r.terminal_kind as string | null) ?? null,
    tid: (r.tid as string | null) ?? null,
    batchNo: (r.batch_no as string | null) ?? null,
    createdAt: date(r.created_at),
    paymentCreationDate: dateOrNull(r.payment_creation_date),
    updatedAt: date(r.updated_at),
    ingestSource: (r.ingest_source as string | null) ?? null,
    currency: String(r.currency).trim(),
  };
}

/**
 * The chain of a pre-auth row: the PREAUTH (the row itself, or the one its `original_txn_id`
 * names: every operation points at the PREAUTH, docs/transaction-model.md) and every row pointing
 * at it, ordered by created_at, id. `id = p OR original_txn_id = p` reads the primary key and
 * `transactions_original_idx`.
 */
async function loadChain(database: Database, scope: Scope, row: TxnFacts): Promise<ChainRow[]> {
  if (row.serviceType !== 4) return [];
  const root = row.originalTxnId ?? row.id;
  const rows = await run(database, chainStatement(scope, root));
  return rows.map((r) => ({
    id: Number(r.id),
    txnRefNo: String(r.txn_ref_no),
    preauthOp: (r.preauth_op as string | null) ?? null,
    createdAt: date(r.created_at),
    amount: String(r.amount),
    currency: String(r.currency).trim(),
    status: String(r.status),
  }));
}

/** The context of one detail, or undefined when the row is not in the caller's scope. */
export async function relatedContext(database: Database, scope: Scope, id: number): Promise<RelatedContext | undefined> {
  const row = await loadFacts(database, scope, id);
  if (!row) return undefined;
  let chain: Promise<ChainRow[]> | undefined;
  return { database, scope, row, chain: () => (chain ??= loadChain(database, scope, row)) };
}

/** An instant as the API writes it (ISO 8601 UTC). */
export const iso = (d: Date): string => d.toISOString();
