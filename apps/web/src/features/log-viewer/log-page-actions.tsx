/** Beside a log screen's title (a report over the log store that declares `liveTail`): the live tail. */
import type { ListReportDef } from '@paydesk/contract';
import type { PageActionsComponent } from '../../shared/report-actions.ts';
import { LiveTailButton } from './live-tail.tsx';

/** The live tail of a log screen, or null for any other report. */
export function logPageActions(def: ListReportDef): PageActionsComponent | null {
  return def.source === 'log_entries' && def.liveTail ? LiveTailButton : null;
}
