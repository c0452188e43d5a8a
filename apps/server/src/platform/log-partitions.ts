/**
 * The log store's partitions (issue 30): `log_entries` is partitioned by LIST (source), each
 * source's table by RANGE (at), one partition per UTC day named `log_entries_{source}_{yyyymmdd}`
 * (migration 0058). Partitions are created ahead of the rows (the writer ensures the days of each
 * batch, the maintenance job today's and tomorrow's) and dropped whole past the source's retention
 * — PCI DSS 10.5.1's twelve months are a DROP TABLE per day, never a DELETE over millions of rows.
 */
import type { LogSource } from '@paydesk/domain';
import type { Query } from '../db/client.ts';

/** The table of one source's entries (the LIST partition). */
export const sourceTable = (source: LogSource) => `log_entries_${source.toLowerCase()}`;

/** 'YYYY-MM-DD' of the UTC day holding `at`. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The partition of `source` holding UTC day `day` ('YYYY-MM-DD'). */
export const dayPartition = (source: LogSource, day: string) => `${sourceTable(source)}_${day.replace(/-/g, '')}`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** SQLSTATEs of a CREATE that lost a race with another server's identical CREATE. */
const LOST_RACE = new Set(['42P07', '23505']);

/**
 * Creates the partitions of `source` for `days` ('YYYY-MM-DD', UTC) that do not exist yet. Safe
 * to run from several servers at once (a lost race is ignored). Throws on anything else (a bad
 * day string, the database down).
 */
export async function ensureLogPartitions(q: Query, source: LogSource, days: Iterable<string>): Promise<void> {
  for (const day of new Set(days)) {
    if (!DAY.test(day)) throw new Error(`ensureLogPartitions: not a day: ${day}`);
    const from = `${day}T00:00:00Z`;
    const to = new Date(Date.parse(from) + 86_400_000).toISOString();
    try {
      await q(`CREATE TABLE IF NOT EXISTS ${dayPartition(source, day)} PARTITION OF ${sourceTable(source)} FOR VALUES FROM ('${from}') TO ('${to}')`);
    } catch (err) {
      if (!LOST_RACE.has(String((err as { code?: unknown }).code))) throw err;
    }
  }
}

/** The days ('YYYY-MM-DD') that have a partition of `source`, oldest first. */
export async function logPartitionDays(q: Query, source: LogSource): Promise<string[]> {
  const rows = await q<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = $1`,
    [sourceTable(source)],
  );
  return rows
    .map((r) => /_(\d{4})(\d{2})(\d{2})$/.exec(r.name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => `${m[1]}-${m[2]}-${m[3]}`)
    .sort();
}

/**
 * Drops the partitions of `source` whose whole day is older than `keepDays` days before `now`
 * (the day `keepDays` ago is kept). Answers the days dropped.
 */
export async function dropExpiredLogPartitions(q: Query, source: LogSource, keepDays: number, now: Date): Promise<string[]> {
  const oldestKept = utcDay(new Date(now.getTime() - keepDays * 86_400_000));
  const dropped: string[] = [];
  for (const day of await logPartitionDays(q, source)) {
    if (day >= oldestKept) break;
    await q(`DROP TABLE IF EXISTS ${dayPartition(source, day)}`);
    dropped.push(day);
  }
  return dropped;
}
