/** Tag colours of firmware statuses, rollout statuses and target states (/terminal-firmware-management). */
export const FIRMWARE_COLORS = { ACTIVE: 'success', RETIRED: 'default' } as const;
export const ROLLOUT_COLORS = { RUNNING: 'processing', PAUSED: 'warning', COMPLETED: 'success', CANCELLED: 'default' } as const;
export const TARGET_COLORS = { WAITING: 'default', OFFERED: 'processing', INSTALLED: 'success', NOT_REPORTED: 'warning', CANCELLED: 'default' } as const;
