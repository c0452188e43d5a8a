/** Every declared workflow (define.ts), by record type. */
import { FIRMWARE_ROLLOUT_WORKFLOW } from './firmware-rollout.ts';
import { REFUND_REQUEST_WORKFLOW } from './refund-request.ts';
import { RISK_ALERT_WORKFLOW } from './risk-alert.ts';
import { ZMK_KEY_WORKFLOW } from './zmk-key.ts';
import type { WorkflowDef } from './define.ts';

export const WORKFLOWS: readonly WorkflowDef[] = [RISK_ALERT_WORKFLOW, REFUND_REQUEST_WORKFLOW, FIRMWARE_ROLLOUT_WORKFLOW, ZMK_KEY_WORKFLOW];

export { RISK_ALERT_WORKFLOW, REFUND_REQUEST_WORKFLOW, FIRMWARE_ROLLOUT_WORKFLOW, ZMK_KEY_WORKFLOW };
export * from './define.ts';
export * from './permissions.ts';
