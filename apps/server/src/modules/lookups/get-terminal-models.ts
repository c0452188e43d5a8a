/** GetTerminalModel (§7 Lookups): the names of the active terminal models, as {Models}. */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { terminalModels as t } from '../../db/schema/index.ts';

export async function getTerminalModels(database: Database): Promise<{ Models: string[] }> {
  const rows = await database.db.select({ model: t.model }).from(t).where(eq(t.isActive, 1)).orderBy(asc(t.model));
  return { Models: rows.map((r) => r.model) };
}
