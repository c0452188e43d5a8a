/**
 * One OTLP logs export, stored (issue 30 item 4): the request (validated whole by the contract's
 * schema, then by otlpEntries for what needs the batch or the clock) becomes entries of the key's
 * source; entries naming a terminal get its owner columns and, when they name no MID, its MID —
 * one query per batch for all its TIDs — so a merchant's log permissions show its own terminals'
 * entries; the batch is inserted in one statement (platform/log-store.ts `insert`, its day
 * partitions ensured) and only then answered 200. Records older than the source keeps are not
 * stored and are counted in `partialSuccess`, as OTLP reports a partly accepted export.
 */
import type { OtlpLogsRequest } from '@paydesk/contract';
import type { Database, Query } from '../../db/client.ts';
import { logRowsOf, logStoreOf, type LogEntryInput, type LogOwner } from '../../platform/log-store.ts';
import { touchIngestKey, type IngestKey } from './ingest-key-auth.ts';
import { otlpEntries } from './otlp-records.ts';

/** The owner columns and MID of each terminal among `tids`, by TID (unknown TIDs absent). */
async function terminalsOf(q: Query, tids: readonly string[]): Promise<Map<string, { owner: LogOwner; mid: string }>> {
  if (tids.length === 0) return new Map();
  const rows = await q<{ tid: string; mid: string; path: string }>('SELECT t.tid, t.mid, o.path FROM terminals t JOIN organizations o ON o.id = t.org_id WHERE t.tid = ANY($1::text[])', [tids]);
  return new Map(
    rows.map((r) => {
      // A materialized path '/mm/agency/agent/merchant/[branch/]': the ancestors, top first.
      const [mm, agency, agent, merchant, branch] = r.path.split('/').filter(Boolean).map(Number);
      const owner: LogOwner = { masterMerchantId: mm ?? null, agencyId: agency ?? null, agentId: agent ?? null, merchantId: merchant ?? null, branchId: branch ?? null };
      return [r.tid, { owner, mid: r.mid }];
    }),
  );
}

/** Gives the entries naming a known terminal its owner columns, and its MID when they name none. */
export async function withTerminalOwners(q: Query, entries: LogEntryInput[]): Promise<void> {
  const terminals = await terminalsOf(q, [...new Set(entries.map((e) => e.tid).filter((t): t is string => Boolean(t)))]);
  for (const e of entries) {
    const t = e.tid ? terminals.get(e.tid) : undefined;
    if (!t) continue;
    e.owner = t.owner;
    e.mid ??= t.mid;
  }
}

/** The answer of an export: `{}`, or `partialSuccess` with the records not stored and why. */
export interface OtlpAnswer {
  partialSuccess?: { rejectedLogRecords: string; errorMessage: string };
}

/**
 * Stores `request` for `key` (see the file note) at `now`, keeping `keepDays` days of the key's
 * source. Throws VAL400 naming the field for a batch otlpEntries refuses (nothing stored), or the
 * database's refusal.
 */
export async function ingestOtlpLogs(database: Database, key: IngestKey, request: OtlpLogsRequest, now: Date, keepDays: number): Promise<OtlpAnswer> {
  const { entries, tooOld } = otlpEntries(request, key.source, now, keepDays);
  await withTerminalOwners(database.query, entries);
  if (entries.length > 0) await logStoreOf({ database }).insert(logRowsOf(entries));
  await touchIngestKey(database, key, now);
  if (tooOld === 0) return {};
  return { partialSuccess: { rejectedLogRecords: String(tooOld), errorMessage: `${tooOld} log records older than the ${key.source} log keeps (${keepDays} days) were not stored` } };
}
