/** Resources of group B (access, messaging, risk, calendar, settings and per-organization configuration). */
import type { ResourceDef } from '../define.ts';

export const GROUP_B: ResourceDef[] = [];
