/**
 * Enumeration texts of exported files: a labeller per language over ENUM_LABELS (the column
 * titles of report exports are the contract's REPORT_LABELS).
 */
import { enumLabelKey } from '../enums.ts';
import type { EnumLabelLanguage } from './enum-labels.ts';
import { ENUM_LABELS } from './enum-labels-all.ts';

/**
 * A labeller of enumeration codes in one language, as the screen shows them: the ENUM_LABELS text
 * of `enum.<list>.<code>`, or the code itself when the catalogue has none (a code newer than the
 * catalogue stays readable instead of blank). Null or empty gives ''.
 */
export function enumLabeller(language: EnumLabelLanguage): (list: string, code: string | number | null | undefined) => string {
  const labels = ENUM_LABELS[language];
  return (list, code) => {
    if (code === null || code === undefined || code === '') return '';
    return labels[enumLabelKey(list, code)] ?? String(code);
  };
}
