/** The tag colour of each Revenue Monster application status (issue 13 Build 6). */
import type { RmApplicationStatus } from '@paydesk/domain';

export const STATUS_COLORS: Record<RmApplicationStatus, string> = { DRAFT: 'default', SUBMITTED: 'processing', APPROVED: 'success', REJECTED: 'error' };
