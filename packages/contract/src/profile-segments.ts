/**
 * The four profile screens and the routes each has, without zod: routes.ts
 * builds the route entries from it (with their schemas) and route-paths.ts the browser's paths,
 * so the four segments stay alike and the two tables cannot drift.
 *
 * Segment `S` (MasterMerchant, Agency, Agent, Merchant) has, under /api/portal/{S}/Profile:
 * Search, :Id (Get), Create, Update, Review, Submit, :Id/History, :Id/Document (upload),
 * Document/:Id (file) and Document/Delete; Merchant also has Move.
 */
import type { Method } from './routes.ts';

export const PROFILE_SEGMENTS = ['MasterMerchant', 'Agency', 'Agent', 'Merchant'] as const;
export type ProfileSegment = (typeof PROFILE_SEGMENTS)[number];

/** Organization levels (§1) of each segment; the merchant screen holds HQs and their branches. */
export const PROFILE_SEGMENT_LEVELS = {
  MasterMerchant: ['MASTER_MERCHANT'],
  Agency: ['AGENCY'],
  Agent: ['AGENT'],
  Merchant: ['MERCHANT_HQ', 'MERCHANT_BRANCH'],
} as const satisfies Record<ProfileSegment, readonly string[]>;

/** The permission module (§6) of each segment: `{module}:view|create|update|review`. */
export const PROFILE_SEGMENT_MODULES = { MasterMerchant: 'mastermerchant', Agency: 'agency', Agent: 'agent', Merchant: 'merchant' } as const satisfies Record<ProfileSegment, string>;

/** The web screen of each segment (§2); a profile opens in its drawer at `{path}/{id}`. */
export const PROFILE_SEGMENT_PATHS = { MasterMerchant: '/master-merchant', Agency: '/agency', Agent: '/agent', Merchant: '/merchant' } as const satisfies Record<ProfileSegment, string>;

/** The route-name prefix of each segment (`merchantProfileSearch` …). */
export const PROFILE_SEGMENT_KEYS = { MasterMerchant: 'masterMerchant', Agency: 'agency', Agent: 'agent', Merchant: 'merchant' } as const satisfies Record<ProfileSegment, string>;
export type ProfileSegmentKey = (typeof PROFILE_SEGMENT_KEYS)[ProfileSegment];

/** Each operation's method, path under /api/portal/{S}/Profile and encryption (§7: uploads are not encrypted). */
export const PROFILE_OPS = {
  Search: { method: 'POST', path: 'Search', encrypted: true },
  Get: { method: 'GET', path: ':Id', encrypted: true },
  Create: { method: 'POST', path: 'Create', encrypted: true },
  Update: { method: 'POST', path: 'Update', encrypted: true },
  Review: { method: 'POST', path: 'Review', encrypted: true },
  Submit: { method: 'POST', path: 'Submit', encrypted: true },
  History: { method: 'GET', path: ':Id/History', encrypted: true },
  DocumentUpload: { method: 'POST', path: ':Id/Document', encrypted: false },
  Document: { method: 'GET', path: 'Document/:Id', encrypted: true },
  DocumentDelete: { method: 'POST', path: 'Document/Delete', encrypted: true },
} as const satisfies Record<string, { method: Method; path: string; encrypted: boolean }>;
export type ProfileOp = keyof typeof PROFILE_OPS;

/** The merchant-only Move route (name, method, path). */
export const PROFILE_MOVE = { name: 'merchantProfileMove', method: 'POST', path: '/api/portal/Merchant/Profile/Move', encrypted: true } as const;

/** The full path of an operation of a segment. */
export function profilePath(segment: ProfileSegment, op: ProfileOp): string {
  return `/api/portal/${segment}/Profile/${PROFILE_OPS[op].path}`;
}

/** The route names of every segment's operations plus the merchant move. */
export type ProfileRouteName = `${ProfileSegmentKey}Profile${ProfileOp}` | typeof PROFILE_MOVE.name;

/** The route name of an operation of a segment. */
export function profileRouteName<S extends ProfileSegment, O extends ProfileOp>(segment: S, op: O): `${(typeof PROFILE_SEGMENT_KEYS)[S]}Profile${O}` {
  return `${PROFILE_SEGMENT_KEYS[segment]}Profile${op}`;
}
