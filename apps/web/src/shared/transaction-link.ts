/**
 * Where a transaction's own detail opens: its live view (`{path}/{id}`), the view chosen by its
 * service type and payment method as the dashboard's drill chooses it (contract
 * transactionViewPath), for a caller holding that view's permission; null otherwise (the caller
 * sees the reference as text). Shared by every record that links to a transaction (a refund
 * request's original, a risk alert's evidence).
 */
import { LIST_REPORTS, transactionViewPath } from '@paydesk/contract';

/** The detail path of transaction `id` for a holder of `held`, or null when it may not open it. */
export function transactionDetailPath(id: number, serviceType: number, paymentMethod: string | null, held: ReadonlySet<string>): string | null {
  if (!Number.isInteger(id) || id <= 0) return null;
  const path = transactionViewPath(serviceType, paymentMethod);
  const view = LIST_REPORTS.find((d) => d.path === path);
  return view && held.has(view.permission) ? `${path}/${id}` : null;
}
