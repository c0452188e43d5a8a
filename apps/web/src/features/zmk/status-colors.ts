/** The tag colour of each zone master key status. */
import type { ZmkStatus } from '@paydesk/domain';

export const STATUS_COLORS: Record<ZmkStatus, string> = { AWAITING_COMPONENTS: 'processing', ACTIVE: 'success', CANCELLED: 'default', RETIRED: 'warning' };
