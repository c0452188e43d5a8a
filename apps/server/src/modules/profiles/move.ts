/**
 * Moving a merchant HQ with its branches to another agent (platform staff,
 * `merchant:move`), in the caller's transaction:
 *  1. the HQ's parent becomes the agent and the materialized paths of the HQ and its branches
 *     take the agent's path as their prefix;
 *  2. every table carrying the transactions' denormalized ancestor columns (found in the catalog:
 *     master_merchant_id, agency_id, agent_id and merchant_id, and no summary `level` column) has
 *     the HQ's rows re-keyed to the new master merchant, agency and agent. The summary triggers of
 *     transactions, settlement batches and refund requests move their figures at the same time
 *     (an UPDATE counts -1 under the old key and +1 under the new), so every sales, settlement and
 *     refund summary stays equal to its source.
 * Errors: NF404 (no such HQ), VAL400 naming AgentId (no such agent, or the HQ's own), CF409 (stale Version).
 */
import type { Query } from '../../db/client.ts';
import { badInput } from '../../platform/errors.ts';
import type { Scope } from '../../platform/scope.ts';
import { findScopedOrg, type OrgRow } from './read.ts';
import { staleVersion } from './write.ts';

/** What a move did, for the audit. */
export interface MoveOutcome {
  org: OrgRow;
  fromAgentId: number;
  toAgentId: number;
  /** Rows re-keyed per table. */
  rekeyed: Record<string, number>;
}

/** The tables holding rows owned by a merchant with its ancestors denormalized (not the summaries: their triggers follow). */
async function ancestorTables(q: Query): Promise<string[]> {
  const rows = await q<{ table_name: string }>(
    `SELECT c.table_name FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
       AND c.column_name IN ('master_merchant_id', 'agency_id', 'agent_id', 'merchant_id')
     GROUP BY c.table_name HAVING count(*) = 4
       AND NOT EXISTS (SELECT 1 FROM information_schema.columns l WHERE l.table_schema = current_schema() AND l.table_name = c.table_name AND l.column_name = 'level')
     ORDER BY c.table_name`,
  );
  return rows.map((r) => r.table_name);
}

/** Moves merchant HQ `id` (with its branches) under agent `agentId` (see the file comment). */
export async function moveMerchant(q: Query, scope: Scope, input: { id: number; agentId: number; version: number }, at: Date): Promise<MoveOutcome> {
  const hq = await findScopedOrg(q, scope, input.id, ['MERCHANT_HQ'], true);
  if (hq.version !== input.version) throw staleVersion(hq.version);
  const [agent] = await q<{ id: number; path: string }>(`SELECT id, path FROM organizations WHERE id = $1 AND level = 'AGENT' FOR UPDATE`, [input.agentId]);
  if (!agent) throw badInput('AgentId', 'choose an agent');
  if (Number(agent.id) === hq.parent_id) throw badInput('AgentId', 'the merchant is already under this agent; choose another');
  const [mm, agency, agentId] = agent.path.split('/').filter(Boolean).map(Number) as [number, number, number];
  const newPath = `${agent.path}${hq.id}/`;
  await q(`UPDATE organizations SET path = $2 || substr(path, length($1) + 1), updated_at = $3 WHERE path LIKE $1 || '%'`, [hq.path, newPath, at]);
  await q(`UPDATE organizations SET parent_id = $2, version = version + 1 WHERE id = $1`, [hq.id, agentId]);
  const rekeyed: Record<string, number> = {};
  for (const table of await ancestorTables(q)) {
    const rows = await q(`UPDATE ${table} SET master_merchant_id = $2, agency_id = $3, agent_id = $4 WHERE merchant_id = $1 RETURNING 1 AS x`, [hq.id, mm, agency, agentId]);
    if (rows.length) rekeyed[table] = rows.length;
  }
  return { org: await findScopedOrg(q, scope, hq.id, ['MERCHANT_HQ']), fromAgentId: hq.parent_id!, toAgentId: agentId, rekeyed };
}
