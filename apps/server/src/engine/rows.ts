/** Turns database rows of a resource into API items (ISO dates, masked secrets). */
import type { ResourceDef } from '@paydesk/contract';
import { maskSecret } from './secret-fields.ts';

export function toItem(def: ResourceDef, row: Record<string, unknown>, fieldKey: Uint8Array): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    const f = def.fields[k];
    if (f?.secret) out[k] = maskSecret(fieldKey, (v as string | null) ?? null);
    // Dates arrive as text (kinds/date.ts selects them so); a Date is an instant.
    else if (v instanceof Date) out[k] = v.toISOString();
    else if (typeof v === 'bigint') out[k] = Number(v);
    else out[k] = v;
  }
  for (const k of ['Id', 'Version', 'IsActive', 'OrgId']) if (typeof out[k] === 'string') out[k] = Number(out[k]);
  return out;
}
