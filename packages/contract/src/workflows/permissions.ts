/**
 * The permission each workflow command's route checks, without the route table: the web app
 * shows a command's button only to its holders, and importing `routes` there (every route's
 * summary and schema references, ~9.5 KB brotli) would load it with every report page. One
 * source: routes.ts; the web test workflow-actions.test.tsx proves every command's entry equal to
 * the table's. A route missing here shows its command to nobody.
 */
import type { RouteName } from '../routes.ts';

export const WORKFLOW_PERMISSIONS: Readonly<Partial<Record<RouteName, string>>> = {
  riskAssign: 'risk:assign',
  riskAssignTo: 'risk:assign',
  riskComment: 'risk:assign',
  riskClose: 'risk:close',
  updateRefund: 'prechargeback:refund',
  rejectRefund: 'prechargeback:reject',
  refundTxnNotFound: 'prechargeback:notfound',
  resendRefundAck: 'prechargeback:resendack',
  rolloutPause: 'terminalfirmware:rollout',
  rolloutResume: 'terminalfirmware:rollout',
  rolloutCancel: 'terminalfirmware:cancel',
  zmkCancel: 'zmk:cancel',
  zmkRetire: 'zmk:retire',
};
