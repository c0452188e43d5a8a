/**
 * The report page's texts: column titles, filter labels and screen titles come from
 * the contract's REPORT_LABELS (the export headers' source), merged into the catalogues by
 * addScreenTexts; where the app catalogue holds the same key it says the same words; every key a
 * declared list report shows (title, columns, filters, detail sections) reads in every language.
 */
import { describe, expect, it } from 'vitest';
import { REPORTS, REPORT_LABELS, columnIn, type ListReportDef } from '@paydesk/contract';
import { en } from '../src/i18n/en.ts';
import { ms } from '../src/i18n/ms.ts';
import { zh } from '../src/i18n/zh.ts';
import { CATALOGUES } from '../src/i18n/catalogues.ts';
import { PRESET_LABELS } from '../src/shared/date-presets.ts';
import { ORG_PICKERS } from '../src/shared/report-query.ts';

const LANGS = ['en', 'ms', 'zh'] as const;
const APP = { en, ms, zh };
const lists = REPORTS.filter((r): r is ListReportDef => r.kind === 'list');
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Every key a list report's page shows, with where it comes from. */
function shownKeys(def: ListReportDef): string[] {
  const filterKeys = def.filters.flatMap((f) => ('labelKey' in f ? [f.labelKey] : f.kind === 'org' ? ORG_PICKERS.map((p) => p.labelKey) : []));
  const sections = Array.from(new Set(def.columns.filter((c) => columnIn(c, 'detail') && c.section).map((c) => `detail.${snake(c.section!)}`)));
  return [def.titleKey, ...def.columns.map((c) => c.labelKey), ...filterKeys, ...sections];
}

describe('report texts', () => {
  it.each(LANGS)('%s: every title, column, filter and detail section of every list report reads', (lang) => {
    const missing = lists.flatMap((def) => shownKeys(def).filter((k) => !(k in CATALOGUES[lang])).map((k) => `${def.name}: ${k}`));
    expect(missing).toEqual([]);
    expect(Object.values(PRESET_LABELS).filter((k) => !(k in CATALOGUES[lang]))).toEqual([]);
  });

  it.each(LANGS)('%s: the app catalogue and REPORT_LABELS say the same words where both hold a key', (lang) => {
    const app: Readonly<Record<string, string>> = APP[lang];
    const differ = Object.entries(REPORT_LABELS[lang]).filter(([k, v]) => k in app && app[k] !== v);
    expect(differ).toEqual([]);
  });
});
