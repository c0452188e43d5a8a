/**
 * Every resource served by the engine. The server registers each; the web app renders
 * each at its path; the contract test suite runs over each. Add a resource here and it is served,
 * rendered, documented (/api/docs) and tested.
 */
import type { ResourceDef } from '../define.ts';
import { GROUP_A } from './group-a.ts';
import { GROUP_B } from './group-b.ts';
import { GROUP_C } from './group-c.ts';

export const RESOURCES: readonly ResourceDef[] = [...GROUP_A, ...GROUP_B, ...GROUP_C];

/** The resource whose screen is at `path`, if any. */
export function resourceByPath(path: string): ResourceDef | undefined {
  return RESOURCES.find((r) => r.path === path);
}
