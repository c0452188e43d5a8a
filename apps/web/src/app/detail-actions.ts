/**
 * What a report's detail drawer offers besides the record, by report: the refund desk's
 * actions and the refund form (features/refunds), the risk desk's ticket actions (features/risk),
 * the settlement desk's verify / unverify (features/settlement) and the payout desk's hold / release
 * (features/payout); beside a report's title, the settlement import, the payout report's bank
 * batches and, on the log screens, the live tail, the request timeline and, on the OTLP sources'
 * screens, the way to their ingest keys (features/log-viewer, features/log-ingest-keys).
 * The app composes them; the report engine and each feature stay unaware of the others.
 */
import { WORKFLOWS, type ListReportDef, type WorkflowDef } from '@paydesk/contract';
import { refundDetailActions, type DetailActions } from '../features/refunds/detail-actions.tsx';
import { riskDetailActions } from '../features/risk/risk-actions.tsx';
import { reconDetailActions } from '../features/settlement/recon-actions.tsx';
import { reconPageActions } from '../features/settlement/import-dialog.tsx';
import { payoutDetailActions } from '../features/payout/payout-actions.tsx';
import { payoutPageActions } from '../features/payout/bank-batches.tsx';
import { createElement, type ComponentType } from 'react';
import { Space } from 'antd';
import { ingestKeyPageActions } from '../features/log-ingest-keys/ingest-keys-button.tsx';
import { logPageActions } from '../features/log-viewer/log-page-actions.tsx';
import { logDetailActions } from '../features/log-viewer/request-timeline.tsx';
import { logFileDetailActions } from '../features/log-files/log-file-download.tsx';
import type { PageActionsComponent } from '../shared/report-actions.ts';

/** The actions of `def`'s detail, or null when it has none. */
export function detailActionsFor(def: ListReportDef): DetailActions | null {
  return refundDetailActions(def) ?? riskDetailActions(def) ?? reconDetailActions(def) ?? payoutDetailActions(def) ?? besideEachOther(logDetailActions(def), logFileDetailActions(def));
}

/** The actions beside `def`'s page title, or null when it has none. */
export function pageActionsFor(def: ListReportDef): PageActionsComponent | null {
  return reconPageActions(def) ?? payoutPageActions(def) ?? besideEachOther(logPageActions(def), ingestKeyPageActions(def));
}

/**
 * Actions of several features side by side (a log screen's live tail and ingest keys; a log
 * entry's request timeline and file download), or the one there is, or null.
 */
function besideEachOther<P extends object>(...parts: (ComponentType<P> | null)[]): ComponentType<P> | null {
  const shown = parts.filter((p): p is ComponentType<P> => p !== null);
  if (shown.length < 2) return shown[0] ?? null;
  return (props: P) => createElement(Space, { wrap: true }, ...shown.map((Part, i) => createElement(Part, { ...props, key: i })));
}

/** The workflow whose records `def`'s rows are, when it declares bulk commands (the list's bulk bar), or null. */
export function bulkWorkflowFor(def: ListReportDef): WorkflowDef | null {
  return WORKFLOWS.find((w) => w.source === def.source && w.commands.some((c) => c.bulk)) ?? null;
}
