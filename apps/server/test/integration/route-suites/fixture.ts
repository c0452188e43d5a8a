/**
 * Shared set-up of the generated route suites: a real server on a real database,
 * one signed-in client per group type (the demo users of the six group types), their permissions
 * as the server reports them, and one way to send any route of the route table with any input
 * (through the secure channel, signed multipart for uploads) and classify the answer.
 */
import { randomUUID } from 'node:crypto';
import { PortalClient, ROUTE_TABLE, resolvePath, type RouteDef } from '@paydesk/contract';
import { PASSWORD, startTestServer, type TestServer } from '../harness.ts';
import { SAMPLES } from '../resource-samples.ts';

/** The demo sign-in of each group type (README "Demo sign-ins"). */
export const GROUP_USERS = {
  SUPERADMIN: 'admin@paydesk.my',
  MASTER_MERCHANT: 'mm@paydesk.my',
  AGENCY: 'agency@paydesk.my',
  AGENT: 'agent@paydesk.my',
  MERCHANT_HQ: 'merchant@paydesk.my',
  MERCHANT_BRANCH: 'branch@paydesk.my',
} as const;
export type GroupType = keyof typeof GROUP_USERS;
export const GROUP_TYPES = Object.keys(GROUP_USERS) as GroupType[];

/** Routes whose success changes the caller's own session: sent from a throwaway session. */
export const SESSION_ROUTES = new Set(['logout', 'changeUserGroup']);

export interface SuiteUser {
  groupType: GroupType;
  email: string;
  client: PortalClient;
  permissions: Set<string>;
  /** The organization the user acts for (null for the platform) and its materialized path. */
  orgId: number | null;
  orgPath: string | null;
}

export interface Suite {
  s: TestServer;
  users: Record<GroupType, SuiteUser>;
  /** Every route of the table, by name. */
  routes: [string, RouteDef][];
  close(): Promise<void>;
}

export async function startSuite(kind: 'pglite' | 'postgres', transactions = 400): Promise<Suite> {
  const s = await startTestServer({ kind, transactions });
  // What the resource samples need first (e.g. the devices a sample terminal names), as the contract suite does.
  for (const sample of Object.values(SAMPLES)) await sample.prepare?.(s.database.query);
  const users = {} as Record<GroupType, SuiteUser>;
  for (const groupType of GROUP_TYPES) {
    const email = GROUP_USERS[groupType];
    const client = await s.signIn(email);
    const profile = (await client.call('profile')) as { Permissions: string[]; Current: { GroupType: string; CompanyId: number | null } };
    if (profile.Current.GroupType !== groupType) throw new Error(`${email} signs in as ${profile.Current.GroupType}, expected ${groupType}`);
    const orgId = profile.Current.CompanyId;
    const [org] = orgId === null ? [] : await s.database.query<{ path: string }>('SELECT path FROM organizations WHERE id = $1', [orgId]);
    users[groupType] = { groupType, email, client, permissions: new Set(profile.Permissions), orgId, orgPath: org?.path ?? null };
  }
  return { s, users, routes: Object.entries(ROUTE_TABLE), close: () => s.close() };
}

/** A request to send: path parameters (encoded, or raw text for malformed-URL cases), query, body. */
export interface RouteInput {
  params?: Record<string, string>;
  rawParams?: boolean;
  query?: string;
  body?: unknown;
}

export interface Answer {
  status: number;
  /** The parsed error body of a non-2xx answer (undefined when it is not JSON). */
  error?: Record<string, unknown>;
  /** Set when the answer broke the contract: 5xx, a non-JSON error, an error without the shape, a dropped connection. */
  violation?: string;
}

/** Fills the route's path with `input.params` (encoded unless raw) and appends the query. */
export function pathOf(route: RouteDef, input: RouteInput): string {
  let path = input.rawParams ? route.path.replace(/:(\w+)/g, (_, k: string) => input.params?.[k] ?? '1') : resolvePath(route.path, input.params ?? {});
  if (!input.rawParams) path = path.replace(/:(\w+)/g, '1');
  return input.query ? `${path}?${input.query}` : path;
}

/**
 * Sends `input` to `route` as `client` and classifies the answer against the error contract. A
 * money-moving route (`idempotent`) gets a fresh Idempotency-Key, as a real client sends one.
 */
export async function sendRoute(client: PortalClient, route: RouteDef, input: RouteInput): Promise<Answer> {
  const path = pathOf(route, input);
  let res: Response;
  try {
    const headers = route.idempotent ? { 'Idempotency-Key': randomUUID() } : undefined;
    res = await client.sendTo({ method: route.method, encrypted: route.encrypted }, path, { body: input.body, headers });
  } catch (e) {
    return { status: 0, violation: `request failed: ${(e as Error).message}` };
  }
  let text: string;
  try {
    text = Buffer.from(await res.arrayBuffer()).toString('utf8');
  } catch (e) {
    return { status: res.status, violation: `answer body broken: ${(e as Error).message}` };
  }
  if (res.status >= 200 && res.status < 300) return { status: res.status, violation: await answerBreaksSchema(client, route, path, res, text) };
  let error: Record<string, unknown> | undefined;
  try {
    error = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { status: res.status, violation: `non-JSON error answer: ${text.slice(0, 120)}` };
  }
  if (res.status >= 500) return { status: res.status, error, violation: `${res.status} ${String(error.ErrorCode)}` };
  if (typeof error?.ErrorCode !== 'string' || typeof error.ErrorMessage !== 'string') return { status: res.status, error, violation: `error without {ErrorCode, ErrorMessage}: ${text.slice(0, 120)}` };
  return { status: res.status, error };
}

/**
 * The routes whose 2xx answer was checked against the declared output schema (`RouteDef.response`)
 * in this file, by route path: every suite that sends through `sendRoute` checks every success it
 * gets, and the fuzz suite asserts how many routes that covered.
 */
export const ANSWERS_CHECKED = new Set<string>();

/**
 * Opens a 2xx JSON answer as the web app does and parses it with the route's response schema;
 * answers the violation (the first issues' paths and messages) or undefined. File routes and
 * routes without a response schema are not checked.
 */
async function answerBreaksSchema(client: PortalClient, route: RouteDef, path: string, res: Response, text: string): Promise<string | undefined> {
  if (!route.response || route.file) return undefined;
  let data: unknown;
  try {
    data = await client.readJson(new Response(text, { status: res.status, headers: res.headers }), route.encrypted, path);
  } catch (e) {
    return `answer unreadable: ${(e as Error).message}`;
  }
  const parsed = route.response.safeParse(data);
  ANSWERS_CHECKED.add(`${route.method} ${route.path}`);
  if (parsed.success) return undefined;
  return `answer breaks its output schema: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
}

/** A fresh signed-in client of `email` (for routes that end or switch the session). */
export async function freshClient(s: TestServer, email: string): Promise<PortalClient> {
  const c = new PortalClient(s.url);
  await c.login(email, PASSWORD);
  return c;
}

/** Runs `tasks` with at most `width` in flight. */
export async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]!();
      }
    }),
  );
  return out;
}
