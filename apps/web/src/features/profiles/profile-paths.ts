/**
 * The profile screens' paths by segment, React-free and light: the menu's built-path
 * list (app/built-route-paths.ts) reads them without loading the screens.
 */
import { PROFILE_SEGMENT_PATHS, PROFILE_SEGMENTS } from '@paydesk/contract';

export { PROFILE_SEGMENT_PATHS };

/** The four paths in segment order. */
export const PROFILE_PATHS: readonly string[] = PROFILE_SEGMENTS.map((s) => PROFILE_SEGMENT_PATHS[s]);
