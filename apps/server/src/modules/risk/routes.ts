/** The risk desk's ticket endpoints (issue 11 Build 7). The lists are the RiskAlert and RiskTransaction reports. */
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/route.ts';
import { riskAssignHandler, riskCloseHandler, riskCommentHandler, riskLogHandler } from './tickets.ts';

export function riskRoutes(app: FastifyInstance): void {
  registerRoute(app, 'riskAssign', riskAssignHandler(app));
  registerRoute(app, 'riskComment', riskCommentHandler(app));
  registerRoute(app, 'riskClose', riskCloseHandler(app));
  registerRoute(app, 'riskLog', riskLogHandler(app));
}
