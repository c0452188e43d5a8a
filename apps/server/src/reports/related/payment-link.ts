/**
 * Related section `paymentLink`: the payment link a service-type-3 row paid,
 * from `payment_links` by the row's `payment_link_id` (primary key), inside the caller's scope.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { RelatedPaymentLink } from '@paydesk/contract';
import { paymentLinks } from '../../db/schema/index.ts';
import type { Scope } from '../../platform/scope.ts';
import { run } from '../executor.ts';
import { andScope, iso, type RelatedContext } from './context.ts';

/** The SQL of a payment link by id (primary key + scope). */
export const paymentLinkStatement = (scope: Scope, id: number): SQL =>
  sql`SELECT id, link_ref, amount::text AS amount, currency, description, status, created_at, expires_at
    FROM payment_links WHERE id = ${id}${andScope(scope, paymentLinks)}`;

/** `{Id, LinkRef, Amount, Currency, Description, Status, CreatedAt, ExpiresAt}` (instants ISO UTC), or null. */
export async function paymentLink(ctx: RelatedContext): Promise<RelatedPaymentLink | null> {
  const id = ctx.row.paymentLinkId;
  if (id === null) return null;
  const [r] = await run(ctx.database, paymentLinkStatement(ctx.scope, id));
  if (!r) return null;
  return {
    Id: Number(r.id),
    LinkRef: String(r.link_ref),
    Amount: String(r.amount),
    Currency: String(r.currency).trim(),
    Description: (r.description as string | null) ?? null,
    Status: String(r.status),
    CreatedAt: iso(new Date(r.created_at as string)),
    ExpiresAt: iso(new Date(r.expires_at as string)),
  };
}
