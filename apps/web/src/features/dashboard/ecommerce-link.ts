/**
 * Links into the e-commerce transaction list from other screens (the dashboard's figure cards):
 * its URL query, as the report engine reads it (shared/report-query.ts) for the
 * /transaction/ecommerce declaration. The list itself is the generic ReportPage.
 */
import { ecommerceTransactions } from '@paydesk/contract';
import { defaultReportQuery, parseReportQuery, toReportSearchParams, type ReportQuery } from '../../shared/report-query.ts';

/** The list with no filter, newest first, 20 a page. */
export const DEFAULT_QUERY: ReportQuery = defaultReportQuery(ecommerceTransactions);

/** The query string of a list query (e.g. `{...DEFAULT_QUERY, from, to, status}`), defaults left out. */
export const toSearchParams = (q: ReportQuery): URLSearchParams => toReportSearchParams(ecommerceTransactions, q);

/** The list query a URL of the list carries (invalid values dropped). */
export const parseTxnQuery = (params: URLSearchParams): ReportQuery => parseReportQuery(ecommerceTransactions, params);
