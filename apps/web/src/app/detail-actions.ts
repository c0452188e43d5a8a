/**
 * What a report's detail drawer offers besides the record, by report: the refund desk's
 * actions and the refund form (features/refunds), the risk desk's ticket actions (features/risk),
 * the settlement desk's verify / unverify (features/settlement) and the payout desk's hold / release
 * (features/payout); beside a report's title, the settlement import, the payout report's bank
 * batches and, on the OTLP sources' log screens, the way to their ingest keys (features/log-ingest-keys).
 * The app composes them; the report engine and each feature stay unaware of the others.
 */
import { WORKFLOWS, type ListReportDef, type WorkflowDef } from '@paydesk/contract';
import { refundDetailActions, type DetailActions } from '../features/refunds/detail-actions.tsx';
import { riskDetailActions } from '../features/risk/risk-actions.tsx';
import { reconDetailActions } from '../features/settlement/recon-actions.tsx';
import { reconPageActions } from '../features/settlement/import-dialog.tsx';
import { payoutDetailActions } from '../features/payout/payout-actions.tsx';
import { payoutPageActions } from '../features/payout/bank-batches.tsx';
import { ingestKeyPageActions } from '../features/log-ingest-keys/ingest-keys-button.tsx';
import type { PageActionsComponent } from '../shared/report-actions.ts';

/** The actions of `def`'s detail, or null when it has none. */
export function detailActionsFor(def: ListReportDef): DetailActions | null {
  return refundDetailActions(def) ?? riskDetailActions(def) ?? reconDetailActions(def) ?? payoutDetailActions(def);
}

/** The actions beside `def`'s page title, or null when it has none. */
export function pageActionsFor(def: ListReportDef): PageActionsComponent | null {
  return reconPageActions(def) ?? payoutPageActions(def) ?? ingestKeyPageActions(def);
}

/** The workflow whose records `def`'s rows are, when it declares bulk commands (the list's bulk bar), or null. */
export function bulkWorkflowFor(def: ListReportDef): WorkflowDef | null {
  return WORKFLOWS.find((w) => w.source === def.source && w.commands.some((c) => c.bulk)) ?? null;
}
