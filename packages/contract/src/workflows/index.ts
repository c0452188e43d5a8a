/** Every declared workflow (define.ts), by record type. */
import { REFUND_REQUEST_WORKFLOW } from './refund-request.ts';
import { RISK_ALERT_WORKFLOW } from './risk-alert.ts';
import type { WorkflowDef } from './define.ts';

export const WORKFLOWS: readonly WorkflowDef[] = [RISK_ALERT_WORKFLOW, REFUND_REQUEST_WORKFLOW];

export { RISK_ALERT_WORKFLOW, REFUND_REQUEST_WORKFLOW };
export * from './define.ts';
export * from './permissions.ts';
