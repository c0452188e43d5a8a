/**
 * A record that runs over MYT days (advertisements on the app and on terminals): its
 * StartDate and EndDate fields (inclusive, each a range filter), the rule that the end is not
 * before the start, and their texts — shared so every scheduled resource says the same.
 */
import type { RuleViolation } from '../define.ts';
import { date } from '../fields.ts';
import type { ResourceTexts } from '../texts.ts';

export const END_BEFORE_START = 'enter an end date on or after the start date';

/** StartDate and EndDate (both listed, sortable and filtered by range). */
export const scheduleFields = () => ({
  StartDate: date('start_date', 'res.schedule.startDate', { list: true, filter: 'range', sortable: true }),
  EndDate: date('end_date', 'res.schedule.endDate', { list: true, filter: 'range', sortable: true }),
});

/** The end is on or after the start (both 'YYYY-MM-DD', so text order is day order). */
export function scheduleRule(r: Record<string, unknown>): RuleViolation | null {
  return typeof r.StartDate === 'string' && typeof r.EndDate === 'string' && r.EndDate < r.StartDate ? { field: 'EndDate', message: END_BEFORE_START } : null;
}

/** The schedule's texts, merged into a declaration's own. */
export function withScheduleTexts(texts: ResourceTexts): ResourceTexts {
  return {
    en: { ...texts.en, 'res.schedule.startDate': 'Start date', 'res.schedule.endDate': 'End date', [END_BEFORE_START]: END_BEFORE_START },
    ms: { ...texts.ms, 'res.schedule.startDate': 'Tarikh mula', 'res.schedule.endDate': 'Tarikh tamat', [END_BEFORE_START]: 'masukkan tarikh tamat pada atau selepas tarikh mula' },
    zh: { ...texts.zh, 'res.schedule.startDate': '开始日期', 'res.schedule.endDate': '结束日期', [END_BEFORE_START]: '结束日期不得早于开始日期' },
  };
}
