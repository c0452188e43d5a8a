/**
 * The related sections of a list report's detail: one resolver per name of the
 * contract's closed set REPORT_RELATED, each in its own file, each reading only inside the caller's
 * scope. `withRelated` adds `Related` to a detail the executor found (so the row is already known
 * to be in scope and in the report); `checkRelated` refuses at start-up a declaration naming
 * sections on a source they cannot be derived from.
 */
import { RELATED_FIELD, type ListReportDef, type ReportRelated, type ReportRelatedName, type ReportRow } from '@paydesk/contract';
import type { Database } from '../../db/client.ts';
import type { Scope } from '../../platform/scope.ts';
import type { SQL } from 'drizzle-orm';
import { chainStatement, factsStatement, relatedContext, type RelatedContext } from './context.ts';
import { paymentLink, paymentLinkStatement } from './payment-link.ts';
import { preauthChain } from './preauth-chain.ts';
import { recurringSchedule, recurringScheduleStatement } from './recurring-schedule.ts';
import { batchStatement, refundsStatement, timeline } from './timeline.ts';

/** Every section's resolver; a new name in REPORT_RELATED fails to compile until it has one. */
export const RELATED_RESOLVERS: { [K in ReportRelatedName]: (ctx: RelatedContext) => Promise<NonNullable<ReportRelated>[(typeof RELATED_FIELD)[K]]> } = {
  preauthChain,
  paymentLink,
  recurringSchedule,
  timeline,
};

/** The sources the sections are derived from (transaction rows only). */
const RELATED_SOURCES: ReadonlySet<string> = new Set(['transactions']);

/** Throws (a declaration defect, at start-up) when a report names sections on another source. */
export function checkRelated(def: ListReportDef): void {
  if (def.related?.length && !RELATED_SOURCES.has(def.source)) throw new Error(`report ${def.name}: related sections need a transactions source, not ${def.source}`);
}

/**
 * `detail` with `Related` holding the report's declared sections (none declared: `detail` as it
 * is). The sections are read in parallel on one shared context (the chain is queried once).
 */
export async function withRelated(database: Database, def: ListReportDef, scope: Scope, detail: ReportRow): Promise<ReportRow> {
  if (!def.related?.length) return detail;
  const ctx = await relatedContext(database, scope, detail.Id);
  if (!ctx) return detail;
  const sections = await Promise.all(def.related.map(async (name) => [RELATED_FIELD[name], await RELATED_RESOLVERS[name](ctx)] as const));
  return Object.assign(detail, { Related: Object.fromEntries(sections) as ReportRelated });
}

/**
 * The SQL a detail's related sections may run, for scripts/report-queries.ts (docs/queries): the
 * row's facts, then per declared section its statements, with placeholder ids (1_000_000) and a
 * placeholder terminal (TID 60000001, batch 000001).
 */
export function relatedStatements(def: ListReportDef, scope: Scope): { title: string; statement: SQL }[] {
  if (!def.related?.length) return [];
  const id = 1_000_000;
  const out = [{ title: 'row facts', statement: factsStatement(scope, id) }];
  const by: Record<ReportRelatedName, { title: string; statement: SQL }[]> = {
    preauthChain: [{ title: 'preauthChain', statement: chainStatement(scope, id) }],
    paymentLink: [{ title: 'paymentLink', statement: paymentLinkStatement(scope, id) }],
    recurringSchedule: [{ title: 'recurringSchedule', statement: recurringScheduleStatement(scope, id) }],
    timeline: [
      { title: 'timeline refunds', statement: refundsStatement(scope, id) },
      ...(def.where.terminal_kind === 'CARD' ? [{ title: 'timeline batch', statement: batchStatement(scope, '60000001', '000001') }] : []),
    ],
  };
  return [...out, ...def.related.flatMap((n) => by[n])];
}
