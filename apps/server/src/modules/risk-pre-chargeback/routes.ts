/** The refund desk's endpoints (issue 11): the refund form, the four RiskPreChargeback actions and the log. The queue is the PreChargeback report. */
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/route.ts';
import { decisionHandler, resendAckHandler, updateRefundHandler } from './desk-actions.ts';
import { refundLogHandler } from './refund-log.ts';
import { requestRefundHandler } from './request-refund.ts';

export function riskPreChargebackRoutes(app: FastifyInstance): void {
  registerRoute(app, 'requestRefund', requestRefundHandler(app));
  registerRoute(app, 'updateRefund', updateRefundHandler(app));
  registerRoute(app, 'rejectRefund', decisionHandler(app, 'REJECT'));
  registerRoute(app, 'refundTxnNotFound', decisionHandler(app, 'NOT_FOUND'));
  registerRoute(app, 'resendRefundAck', resendAckHandler(app));
  registerRoute(app, 'refundLog', refundLogHandler(app));
}
