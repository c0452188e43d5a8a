/**
 * The report engine's two extension points: what a report page shows beside its
 * title and above a loaded record. The app gives them per report (app/detail-actions.ts); the
 * features that implement them (payout, refunds, risk, settlement) and the engine
 * (features/reports) both import these types from here, so no feature imports another.
 */
import type { ComponentType } from 'react';
import type { ListReportDef, ReportRow } from '@paydesk/contract';

/** Actions beside a report page's title (given by the app; the engine knows none). */
export type PageActionsComponent = ComponentType<{ def: ListReportDef }>;

/** Actions shown above a loaded record (given by the app, e.g. the refund desk's). */
export type DetailActionsComponent = ComponentType<{ def: ListReportDef; detail: ReportRow }>;
