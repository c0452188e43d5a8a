/**
 * The profile screens' paths by segment, React-free and light: the menu's built-path
 * list (app/built-route-paths.ts) reads them without loading the screens.
 */
import { PROFILE_SEGMENTS, type ProfileSegment } from '@paydesk/contract';

export const PROFILE_SEGMENT_PATHS: Readonly<Record<ProfileSegment, string>> = {
  MasterMerchant: '/master-merchant',
  Agency: '/agency',
  Agent: '/agent',
  Merchant: '/merchant',
};

/** The four paths in segment order. */
export const PROFILE_PATHS: readonly string[] = PROFILE_SEGMENTS.map((s) => PROFILE_SEGMENT_PATHS[s]);
