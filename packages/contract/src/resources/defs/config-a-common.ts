/**
 * Pieces shared by the group A configuration resources (reference and pricing configuration):
 * service type options, the code pattern of configuration codes, and references to other rows
 * picked from a lookup route.
 */
import { z } from 'zod';
import { FIELD_MESSAGES, RULE_MESSAGES, SERVICE_TYPES } from '@paydesk/domain';
import type { FieldDef } from '../define.ts';

/** Service types 1–6 (§9) as select options, labelled `enum.serviceType.N`. */
export const SERVICE_TYPE_OPTIONS: { value: number; labelKey: string }[] = SERVICE_TYPES.map((s) => ({ value: s.code, labelKey: s.labelKey }));

/**
 * Codes an administrator types once and systems keep (CREDIT_DOMESTIC, MBB, STARTER): capital
 * letters, digits and `_`, starting with a letter, so they stay stable in files, URLs and logs.
 */
export const UPPER_CODE: [RegExp, string] = [/^[A-Z][A-Z0-9_]*$/, RULE_MESSAGES.upperCode];

/**
 * A reference to another table's row by its id, picked in the form from the lookup route
 * `lookup` (a route name of packages/contract/src/routes.ts, e.g. 'paymentProductList'). The
 * database's foreign key refuses an id that does not exist; the engine answers VAL400 naming
 * the field.
 */
export function reference(column: string, labelKey: string, lookup: string, o: Pick<FieldDef, 'list' | 'filter' | 'sortable'> = {}): FieldDef {
  return { column, labelKey, input: 'select', lookup, schema: z.coerce.number().int('enter number only').positive(FIELD_MESSAGES.option), ...o };
}
