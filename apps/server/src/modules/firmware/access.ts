/**
 * Who sees terminal firmware (/terminal-firmware-management): the platform's staff only
 * (module `terminalfirmware` is platform-only, §6). Any other caller is answered NF404 for every
 * image and rollout and an empty list, as for zone master keys.
 */
import type { Scope } from '../../platform/scope.ts';

/** Whether the caller may see firmware images and rollouts at all. */
export const seesFirmware = (scope: Scope): boolean => scope.orgPath === null && scope.groupType === 'SUPERADMIN';
