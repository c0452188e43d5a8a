/**
 * The four profile screens as the web sees them: one shared feature,
 * parameterised by the contract's segment (profile-segments.ts). A segment gives the screen's
 * path, its permission module (`{module}:view|create|update|review`), the organization levels it
 * lists, and the level of the parent a new profile is created under (a merchant HQ under an
 * agent, a branch under its HQ; a master merchant has no parent).
 */
import { PROFILE_SEGMENT_KEYS, PROFILE_SEGMENT_MODULES, profileRouteName, type ProfileOp, type ProfileSegment } from '@paydesk/contract';
import type { OrgLevel } from '@paydesk/domain';
import { PROFILE_SEGMENT_PATHS } from './profile-paths.ts';

export interface SegmentView {
  segment: ProfileSegment;
  /** The screen's navigation path (NAV_TREE). */
  path: string;
  /** The permission module: `{module}:view` guards the screen. */
  module: string;
  /** The kinds of profile a new one may be (the merchant screen: HQ or branch). */
  kinds: readonly ProfileKind[];
}

/** A kind of profile a screen creates, and the level of the organization it is created under. */
export interface ProfileKind {
  level: OrgLevel;
  /** null: created at the top (a master merchant). */
  parentLevel: OrgLevel | null;
}

/** The web's view of each segment. */
export const SEGMENT_VIEWS: Readonly<Record<ProfileSegment, SegmentView>> = {
  MasterMerchant: { segment: 'MasterMerchant', path: PROFILE_SEGMENT_PATHS.MasterMerchant, module: PROFILE_SEGMENT_MODULES.MasterMerchant, kinds: [{ level: 'MASTER_MERCHANT', parentLevel: null }] },
  Agency: { segment: 'Agency', path: PROFILE_SEGMENT_PATHS.Agency, module: PROFILE_SEGMENT_MODULES.Agency, kinds: [{ level: 'AGENCY', parentLevel: 'MASTER_MERCHANT' }] },
  Agent: { segment: 'Agent', path: PROFILE_SEGMENT_PATHS.Agent, module: PROFILE_SEGMENT_MODULES.Agent, kinds: [{ level: 'AGENT', parentLevel: 'AGENCY' }] },
  Merchant: {
    segment: 'Merchant',
    path: PROFILE_SEGMENT_PATHS.Merchant,
    module: PROFILE_SEGMENT_MODULES.Merchant,
    kinds: [
      { level: 'MERCHANT_HQ', parentLevel: 'AGENT' },
      { level: 'MERCHANT_BRANCH', parentLevel: 'MERCHANT_HQ' },
    ],
  },
};

/** Every segment's view, in menu order. */
export const SEGMENT_LIST: readonly SegmentView[] = Object.values(SEGMENT_VIEWS);

/**
 * The route name of an operation of a segment, typed as the merchant segment's: the four
 * segments' routes share their schemas (profileOps in the contract's routes.ts), so the typed
 * client's body and answer types are the same whichever segment is called.
 */
export function routeOf<O extends ProfileOp>(segment: ProfileSegment, op: O): `merchantProfile${O}` {
  return profileRouteName(segment, op) as `${(typeof PROFILE_SEGMENT_KEYS)['Merchant']}Profile${O}`;
}

/** The permission `{module}:{action}` of a segment. */
export const segmentPermission = (view: SegmentView, action: 'view' | 'create' | 'update' | 'review'): string => `${view.module}:${action}`;
