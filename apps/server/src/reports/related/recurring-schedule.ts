/**
 * Related section `recurringSchedule`: the schedule a service-type-6 row charged,
 * from `recurring_schedules` by the row's `recurring_schedule_id` (primary key), inside the
 * caller's scope. The schedule holds no card data; its customer e-mail is left out (the row's own
 * customer panel already shows the customer).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { RelatedRecurringSchedule } from '@paydesk/contract';
import { recurringSchedules } from '../../db/schema/index.ts';
import type { Scope } from '../../platform/scope.ts';
import { run } from '../executor.ts';
import { andScope, iso, type RelatedContext } from './context.ts';

/** The SQL of a recurring schedule by id (primary key + scope). */
export const recurringScheduleStatement = (scope: Scope, id: number): SQL =>
  sql`SELECT id, cust_name, cust_ref, amount::text AS amount, currency, frequency, start_date::text AS start_date,
      cycles_total, cycles_done, next_run_at, status, created_at
    FROM recurring_schedules WHERE id = ${id}${andScope(scope, recurringSchedules)}`;

/**
 * `{Id, CustName, CustRef, Amount, Currency, Frequency, StartDate (MYT day YYYY-MM-DD), CyclesTotal
 * (null: until cancelled), CyclesDone, NextRunAt (ISO UTC or null), Status, CreatedAt}`, or null.
 */
export async function recurringSchedule(ctx: RelatedContext): Promise<RelatedRecurringSchedule | null> {
  const id = ctx.row.recurringScheduleId;
  if (id === null) return null;
  const [r] = await run(ctx.database, recurringScheduleStatement(ctx.scope, id));
  if (!r) return null;
  return {
    Id: Number(r.id),
    CustName: String(r.cust_name),
    CustRef: (r.cust_ref as string | null) ?? null,
    Amount: String(r.amount),
    Currency: String(r.currency).trim(),
    Frequency: String(r.frequency),
    StartDate: String(r.start_date),
    CyclesTotal: r.cycles_total === null || r.cycles_total === undefined ? null : Number(r.cycles_total),
    CyclesDone: Number(r.cycles_done),
    NextRunAt: r.next_run_at ? iso(new Date(r.next_run_at as string)) : null,
    Status: String(r.status),
    CreatedAt: iso(new Date(r.created_at as string)),
  };
}
