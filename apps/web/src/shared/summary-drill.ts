/**
 * A summary row's drill-down as a link: the contract's `drillDown` names the live list
 * and its `SearchData` (the row's period as DateFrom/DateTo, its group, the summary's filters);
 * this turns that SearchData back into the list's URL query (report-query.ts keys), so the list
 * page, which reads its state from the URL, shows exactly the row's transactions. Pure. The same
 * turn reopens an export of the export history with its filters and sort (app/export-links.ts).
 *
 * The header currency is not in the URL (it is the header's on the list too); a SearchData field
 * the list declares no filter for is dropped (the contract's tests keep drillDown within them).
 */
import type { ListReportDef, ReportFilter, ReportSort } from '@paydesk/contract';
import { BUSINESS_TIME_ZONE, dayjs } from '@paydesk/domain';
import { MINUTE_FORMAT, ORG_PICKERS, defaultReportQuery, toReportSearchParams, urlKeyOf, type QueryValue, type ReportQuery } from './report-query.ts';

const DAY = 'YYYY-MM-DD';

/** The MYT day of an instant (ISO). */
const mytDay = (iso: string) => dayjs(iso).tz(BUSINESS_TIME_ZONE).format(DAY);
/**
 * A timed range's end as its URL holds it: the MYT minute of the instant, or its day when the
 * instant is the day's first (a start) or last (an end) moment, as a range of whole days asked.
 */
function mytMinute(iso: string, end: boolean): string {
  const at = dayjs(iso).tz(BUSINESS_TIME_ZONE);
  return at.format('HH:mm:ss.SSS') === (end ? '23:59:59.999' : '00:00:00.000') ? at.format(DAY) : at.format(MINUTE_FORMAT);
}

/**
 * The MYT day an end instant falls in, reading a MYT midnight as an exclusive end (the day
 * before): both `…T15:59:59.999Z` and the next period's `…T16:00:00.000Z` give the last day.
 */
function endDay(iso: string): string {
  const at = dayjs(iso).tz(BUSINESS_TIME_ZONE);
  const midnight = at.hour() === 0 && at.minute() === 0 && at.second() === 0 && at.millisecond() === 0;
  return (midnight ? at.subtract(1, 'millisecond') : at).format(DAY);
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined);

/**
 * The URL query values (report-query.ts keys) of `searchData` for `filters`, any report kind: MYT
 * days of DateFrom/DateTo (minutes on a timed range), the org ids, the money range, enum codes and code texts; a field no
 * filter declares (the header's Currency included) is left out.
 */
export function filterQueryOf(filters: readonly ReportFilter[], searchData: Readonly<Record<string, unknown>>): Record<string, QueryValue> {
  const q: Record<string, QueryValue> = {};
  for (const f of filters) {
    switch (f.kind) {
      case 'dateRange': {
        const from = text(searchData.DateFrom);
        const to = text(searchData.DateTo);
        // A timed range (a log screen's) is written to the minute, as its screen writes it.
        if (from) q.from = f.recentMinutes ? mytMinute(from, false) : mytDay(from);
        if (to) q.to = f.recentMinutes ? mytMinute(to, true) : endDay(to);
        break;
      }
      case 'org':
        for (const p of ORG_PICKERS) {
          const id = Number(searchData[p.request]);
          if (Number.isInteger(id) && id > 0) q[p.field] = id;
        }
        break;
      case 'moneyRange':
        q.min = text(searchData.AmountMin);
        q.max = text(searchData.AmountMax);
        break;
      case 'enum': {
        const v = searchData[f.key];
        const values = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
        q[urlKeyOf(f.key)] = values.map(String);
        break;
      }
      case 'code':
      case 'assignee':
        q[urlKeyOf(f.key)] = text(searchData[f.key]);
        break;
      case 'currency':
        break;
    }
  }
  return q;
}

/** The list query of `searchData` (a list report's SearchData) for `list`: its filters, its default sort and size. */
export function listQueryOf(list: Pick<ListReportDef, 'filters' | 'defaultSort'>, searchData: Readonly<Record<string, unknown>>): ReportQuery {
  return { ...defaultReportQuery(list), ...filterQueryOf(list.filters, searchData) };
}

/**
 * The URL (path and query string) of `list` filtered by `searchData` and, when given, sorted by
 * `sort` (a Search or Export request's `Sort`; a key the list does not sort by is dropped when the
 * list reads the URL).
 */
export function listUrlOf(list: Pick<ListReportDef, 'path' | 'filters' | 'defaultSort'>, searchData: Readonly<Record<string, unknown>>, sort?: ReportSort): string {
  const q = listQueryOf(list, searchData);
  if (sort) Object.assign(q, { sort: sort.Field, order: sort.Order });
  const search = toReportSearchParams(list, q).toString();
  return search ? `${list.path}?${search}` : list.path;
}
