/**
 * REPORT_LABELS is the one source of report column, filter and title texts: every
 * labelKey of every declared report has a text in en, ms and zh, and Malay and Chinese are real
 * translations (not the English copied), except codes that read the same in Malay (MID, TID, Status).
 */
import { describe, expect, it } from 'vitest';
import { REPORTS, REPORT_LABELS, type ReportDef } from '../src/index.ts';

/** Malay texts that are the English word on purpose. */
const SAME_IN_MALAY = new Set(['detail.mid', 'detail.tid', 'txn.status']);

function labelKeys(def: ReportDef): string[] {
  const keys = [def.titleKey, ...def.filters.flatMap((f) => ('labelKey' in f ? [f.labelKey] : []))];
  if (def.kind === 'list') {
    keys.push(...def.columns.map((c) => c.labelKey));
    // The detail's declared sub-table and drawer title are report texts too.
    if (def.detailLines) keys.push(def.detailLines.labelKey, ...def.detailLines.columns.map((c) => c.labelKey));
    if (def.detailTitleKey) keys.push(def.detailTitleKey);
  }
  else keys.push(...def.measures.map((m) => m.labelKey), ...def.dimensions.map((d) => d.labelKey));
  return [...new Set(keys)];
}

describe('REPORT_LABELS', () => {
  it.each(REPORTS.map((d) => [d.name, d] as const))('%s: every labelKey has en, ms and zh texts', (_name, def) => {
    for (const key of labelKeys(def)) {
      for (const language of ['en', 'ms', 'zh'] as const) expect(REPORT_LABELS[language][key], `${language} ${key}`).toBeTruthy();
      if (!SAME_IN_MALAY.has(key)) expect(REPORT_LABELS.ms[key], `ms ${key}`).not.toBe(REPORT_LABELS.en[key]);
      expect(REPORT_LABELS.zh[key], `zh ${key}`).not.toBe(REPORT_LABELS.en[key]);
    }
  });

  it('has the same keys in every language', () => {
    expect(Object.keys(REPORT_LABELS.ms).sort()).toEqual(Object.keys(REPORT_LABELS.en).sort());
    expect(Object.keys(REPORT_LABELS.zh).sort()).toEqual(Object.keys(REPORT_LABELS.en).sort());
  });
});
