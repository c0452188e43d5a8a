/** The tag colour of each Revenue Monster application status. */
import type { RmApplicationStatus } from '@paydesk/domain';

export const STATUS_COLORS: Record<RmApplicationStatus, string> = { DRAFT: 'default', SUBMITTED: 'processing', APPROVED: 'success', REJECTED: 'error' };
