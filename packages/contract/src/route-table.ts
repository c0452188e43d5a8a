/**
 * The whole route table: the hand-declared endpoints of routes.ts, every route the
 * resource engine generates from the declared resources and every route of the declared reports
 * (`Report.{name}.{Op}`), keyed by route name. The server
 * registers exactly these, docs/API.md and /api/docs list exactly these, and the generated fuzz,
 * authorization and cross-tenant suites run over exactly these.
 */
import { routes, type RouteDef } from './routes.ts';
import { RESOURCES } from './resources/defs/index.ts';
import { resourceRoutes } from './resources/routes.ts';
import { allReportRoutes } from './reports/routes.ts';

export const ROUTE_TABLE: Readonly<Record<string, RouteDef>> = Object.freeze({
  ...routes,
  ...Object.fromEntries(RESOURCES.flatMap((def) => Object.entries(resourceRoutes(def)))),
  ...allReportRoutes(),
});
