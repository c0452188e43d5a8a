/**
 * The risk desk's ticket endpoints. The lists are the RiskAlert and RiskTransaction reports. Each
 * ticket action is an audited operation (the contract declares its action): its work, its history
 * event and its one audit row commit together.
 */
import type { FastifyInstance } from 'fastify';
import { operation } from '../../platform/operation.ts';
import { riskAssign, riskAssignTo, riskClose, riskComment, riskLog } from './tickets.ts';

export function riskRoutes(app: FastifyInstance): void {
  operation(app, 'riskAssign', riskAssign);
  operation(app, 'riskAssignTo', riskAssignTo);
  operation(app, 'riskComment', riskComment);
  operation(app, 'riskClose', riskClose);
  operation(app, 'riskLog', riskLog);
}
