/**
 * The risk desk's ticket (§4 ticket status PENDING → OPEN → CLOSE) as a workflow: the RiskAlert
 * list report at /risk, take / take over, assign to a colleague, comment, close with a resolution
 * (then the prompt).
 */
import { TICKET_MACHINE } from '@paydesk/domain';
import { defineWorkflow } from './define.ts';

export const RISK_ALERT_WORKFLOW = defineWorkflow({
  name: 'RiskAlert',
  source: 'risk_alerts',
  stateColumn: 'Status',
  machine: TICKET_MACHINE,
  toolbarLabel: 'riskDesk.actionsLabel',
  commands: [
    { action: 'ASSIGN', route: 'riskAssign', label: 'riskDesk.take', labelWhen: { state: 'OPEN', label: 'riskDesk.takeOver' }, icon: 'take', primary: true, done: 'riskDesk.taken' },
    { action: 'ASSIGN_TO', route: 'riskAssignTo', label: 'riskDesk.assignTo', icon: 'assign', pick: { field: 'AssigneeUserId', label: 'riskDesk.assigneeLabel' }, done: 'riskDesk.assigned' },
    { action: 'COMMENT', route: 'riskComment', label: 'riskDesk.comment', icon: 'comment', note: { field: 'Comment', label: 'riskDesk.commentLabel' }, done: 'riskDesk.commented' },
    { action: 'CLOSE', route: 'riskClose', label: 'riskDesk.close', icon: 'close', note: { field: 'Resolution', label: 'riskDesk.resolutionLabel' }, confirm: 'riskDesk.closePrompt', done: 'riskDesk.closed', bulk: { confirm: 'riskDesk.bulkClose' } },
  ],
});
