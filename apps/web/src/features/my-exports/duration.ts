/** How long an export took, in words of the UI language (the export history's Duration column). */
import type { TFunction } from 'i18next';
import { NO_VALUE, formatDecimal } from '../../shared/format.ts';

/**
 * `ms` milliseconds as seconds below a minute, two decimals under one ("0.04 s", "12.5 s"), else whole
 * minutes and seconds ("3 min 5 s"), in `lang` with `t`'s units; "-" for null (a run still running).
 */
export function formatDuration(ms: number | null, t: TFunction, lang: string): string {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return NO_VALUE;
  if (ms < 60_000) return t('myExports.seconds', { s: formatDecimal(ms / 1000, lang, ms < 1000 ? 2 : 1) });
  const seconds = Math.floor(ms / 1000);
  return t('myExports.minutes', { m: formatDecimal(Math.floor(seconds / 60), lang, 0), s: String(seconds % 60) });
}
