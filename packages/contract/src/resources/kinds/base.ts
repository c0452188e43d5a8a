/** The behaviour most kinds share (a value kept as text), which each kind module overrides where it differs. */
import { z } from 'zod';
import { asText, blank, plainSelect, textFilter, type FieldKind } from './types.ts';

/** A kind holding text: answered as a string, filtered as text, written to files as is. */
export function textual(overrides: Partial<FieldKind> = {}): FieldKind {
  return {
    answer: () => z.string(),
    select: plainSelect,
    filterValue: textFilter,
    eqSql: (col, param) => `${col} = ${param}`,
    inSql: (col, param) => `${col} = ANY(${param})`,
    ordered: false,
    keyword: false,
    numberKind: () => null,
    parseCell: (_f, text) => text,
    cellText: (_f, value) => (typeof value === 'object' ? JSON.stringify(value) : String(value)),
    exported: true,
    toForm: asText,
    fromForm: (v) => v,
    isBlank: blank,
    blankKeeps: false,
    sendsBlank: false,
    requiredMark: true,
    column: () => ({ width: 180, ellipsis: false }),
    keyColumn: false,
    ...overrides,
  };
}
