import { MALAYSIAN_STATES, RULE_MESSAGES } from '@paydesk/domain';
import { defineResource } from '../define.ts';
import { date, multiselect, text } from '../fields.ts';
import { defaulted } from './b-fields.ts';

/**
 * /payout-holiday-setting: Malaysian public holidays on which no payout is made (§9 settlement
 * timing; `nextPayoutDate` / `payoutDate` of packages/domain skip them and weekends). States holds
 * ISO 3166-2:MY codes of the 16 states and federal territories (§3 state picker); empty means
 * nationwide. One row per date and name (a date can carry two holidays of different states).
 */
export const payoutHolidayResource = defineResource({
  name: 'PayoutHoliday',
  path: '/payout-holiday-setting',
  module: 'payoutholiday',
  table: 'payout_holidays',
  scope: 'platform',
  titleKey: 'nav.payout-holiday-setting',
  titleField: 'HolidayName',
  fields: {
    HolidayDate: date('holiday_date', 'res.payoutHoliday.date', { list: true, filter: 'range', sortable: true }),
    HolidayName: text('holiday_name', 'res.payoutHoliday.name', { max: 120, list: true, filter: 'contains', sortable: true }),
    States: defaulted(
      multiselect(
        'states',
        'res.payoutHoliday.states',
        MALAYSIAN_STATES.map((s) => ({ value: s.code, labelKey: `state.${s.code}` })),
        { list: true, helpKey: 'res.payoutHoliday.statesHelp' },
      ),
    ),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'],
  defaultSort: { Field: 'HolidayDate', Order: 'asc' },
  refine: (r) => {
    if (typeof r.HolidayDate === 'string') {
      const y = Number(r.HolidayDate.slice(0, 4));
      if (y < 2000 || y > 2100) return { field: 'HolidayDate', message: RULE_MESSAGES.holidayYear };
    }
    if (Array.isArray(r.States) && new Set(r.States).size !== r.States.length) return { field: 'States', message: RULE_MESSAGES.stateTwice };
    return null;
  },
  description: 'Holiday date, name and the states it applies in (none = nationwide); payout dates skip these and weekends.',
});
