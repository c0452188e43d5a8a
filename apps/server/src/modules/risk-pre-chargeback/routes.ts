/**
 * The refund desk's endpoints: the refund form, the four RiskPreChargeback actions and the log.
 * The queue is the PreChargeback report. Every action is an audited operation (the contract
 * declares its action): its work, its refund events and its one audit row commit together.
 */
import type { FastifyInstance } from 'fastify';
import { operation } from '../../platform/operation.ts';
import { refundTxnNotFound, rejectRefund, resendRefundAck, updateRefund } from './desk-actions.ts';
import { refundLog } from './refund-log.ts';
import { requestRefund } from './request-refund.ts';

export function riskPreChargebackRoutes(app: FastifyInstance): void {
  operation(app, 'requestRefund', requestRefund);
  operation(app, 'updateRefund', updateRefund(app));
  operation(app, 'rejectRefund', rejectRefund);
  operation(app, 'refundTxnNotFound', refundTxnNotFound);
  operation(app, 'resendRefundAck', resendRefundAck(app));
  operation(app, 'refundLog', refundLog);
}
