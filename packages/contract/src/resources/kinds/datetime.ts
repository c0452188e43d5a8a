/** `datetime`: an instant (timestamptz, UTC), answered as ISO text, written to files in MYT as the screens show it (§9). */
import { z } from 'zod';
import { formatMytDateTime } from '@paydesk/domain';
import { textual } from './base.ts';

/**
 * A UTC instant (ISO text or Date) as the screens show it: Malaysian time in the §9 format
 * 'DD-MM-YYYY HH:mm:ss'; other text unchanged. Also the record times of every resource export.
 */
export function mytTime(value: unknown): string {
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? String(value) : formatMytDateTime(d);
}

export const datetimeKind = textual({
  filterValue: () => z.iso.datetime({ offset: true, message: 'enter a time as an ISO 8601 instant' }),
  ordered: true,
  cellText: (_f, value) => mytTime(value),
  column: () => ({ width: 165, ellipsis: false }),
});
