/**
 * Staging a settlement file's lines into `settlement_rows`, in file order, with
 * the progress (`settlement_files.rows_read`) moved after every batch so the import screen can
 * show it.
 *  - PostgreSQL: one `COPY settlement_rows FROM STDIN` on a connection of its own, in one
 *    transaction committed by `finish` (rolled back by `abort`: nothing staged stays). COPY took
 *    the 1 M-line bench's staging from ~27 s of unnest INSERTs to a few seconds (its baseline, a
 *    bare COPY of the file, is 1.7 s); the progress goes through the pool, outside that
 *    transaction, and `settlement_files` is not touched by the COPY, so the two never wait.
 *  - PGlite (one connection): unnest INSERTs of 5,000 rows, each committed with its progress;
 *    `abort` deletes what was staged.
 */
import type pg from 'pg';
import type { Database } from '../../db/client.ts';
import { CopyWriter, type CopyColumn } from '../../db/copy-writer.ts';
import type { ProviderRow, SettlementProvider } from './formats/types.ts';

const STAGE_BATCH = 5000;

/** An open staging of one file. */
export interface Stager {
  /** Stages `rows` (the next lines in file order); `upTo` is the number of lines staged after them. Throws the database error. */
  add(rows: readonly ProviderRow[], upTo: number): Promise<void>;
  /** Makes what was staged visible to the matching (commits on PostgreSQL). */
  finish(): Promise<void>;
  /** Removes what was staged (never throws). */
  abort(): Promise<void>;
}

const COLUMNS = (fileId: number, provider: string): CopyColumn<ProviderRow>[] => [
  { name: 'file_id', get: () => fileId },
  { name: 'provider', get: () => provider },
  { name: 'line_no', get: (r) => r.lineNo },
  { name: 'reference', get: (r) => r.reference },
  { name: 'provider_txn_id', get: (r) => r.providerTxnId },
  { name: 'txn_type', get: (r) => r.txnType },
  { name: 'txn_at', get: (r) => r.txnAt },
  { name: 'settlement_date', get: (r) => r.settlementDate },
  { name: 'amount', get: (r) => r.amount },
  { name: 'fee', get: (r) => r.fee },
  { name: 'net', get: (r) => r.net },
  { name: 'currency', get: (r) => r.currency },
  { name: 'method', get: (r) => r.method },
  { name: 'mid', get: (r) => r.mid },
  { name: 'tid', get: (r) => r.tid },
];

const progress = (database: Database, fileId: number, upTo: number) => database.query(`UPDATE settlement_files SET rows_read = $2 WHERE id = $1`, [fileId, upTo]);

/** Opens the staging of file `fileId` of `provider` (see the file comment). Throws the database error. */
export async function openStager(database: Database, fileId: number, provider: SettlementProvider): Promise<Stager> {
  if (database.kind === 'postgres') {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const conn = await pool.connect();
    let writer: CopyWriter<ProviderRow>;
    try {
      await conn.query('BEGIN');
      writer = new CopyWriter(conn, 'settlement_rows', COLUMNS(fileId, provider));
    } catch (err) {
      conn.release(err as Error);
      throw err;
    }
    let open = true;
    const close = async (how: 'COMMIT' | 'ROLLBACK') => {
      if (!open) return;
      open = false;
      try {
        if (how === 'COMMIT') await writer.end();
        else await writer.abort('the settlement import failed');
        await conn.query(how);
        conn.release();
      } catch (err) {
        // A connection left mid-COPY or mid-transaction is not given back to the pool.
        conn.release(err as Error);
        if (how === 'COMMIT') throw err;
      }
    };
    return {
      async add(rows, upTo) {
        await writer.write(rows);
        await progress(database, fileId, upTo);
      },
      finish: () => close('COMMIT'),
      abort: () => close('ROLLBACK'),
    };
  }
  return {
    async add(rows, upTo) {
      let staged = upTo - rows.length;
      for (let i = 0; i < rows.length; i += STAGE_BATCH) {
        const part = rows.slice(i, i + STAGE_BATCH);
        staged += part.length;
        const through = staged;
        await database.transaction(async (q) => {
          const col = <T,>(f: (r: ProviderRow) => T) => part.map(f);
          await q(
            `INSERT INTO settlement_rows (file_id, provider, line_no, reference, provider_txn_id, txn_type, txn_at, settlement_date, amount, fee, net, currency, method, mid, tid)
             SELECT $1, $2, * FROM unnest($3::int[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::date[], $9::numeric[], $10::numeric[], $11::numeric[],
               $12::text[], $13::text[], $14::text[], $15::text[])`,
            [
              fileId, provider, col((r) => r.lineNo), col((r) => r.reference), col((r) => r.providerTxnId), col((r) => r.txnType), col((r) => r.txnAt.toISOString()),
              col((r) => r.settlementDate), col((r) => r.amount), col((r) => r.fee), col((r) => r.net), col((r) => r.currency), col((r) => r.method), col((r) => r.mid), col((r) => r.tid),
            ],
          );
          await q(`UPDATE settlement_files SET rows_read = $2 WHERE id = $1`, [fileId, through]);
        });
      }
    },
    finish: async () => undefined,
    abort: async () => {
      await database.query(`DELETE FROM settlement_rows WHERE file_id = $1`, [fileId]).catch(() => undefined);
    },
  };
}
