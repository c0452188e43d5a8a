/**
 * What a resource's `confirmSave` prompt reads back before a rate is saved: each field the save
 * changes (every filled one when creating), as `label: before → after` in the words the form shows
 * (an option by its label, a date DD-MM-YYYY, numbers as typed); reference pickers are not repeated
 * (they stand in the form above the prompt).
 */
import type { TFunction } from 'i18next';
import type { ResourceDef } from '@paydesk/contract';
import { dayjs } from '@paydesk/domain';

const NONE = '-';

/** A body value as the form shows it. */
function shown(t: TFunction, def: ResourceDef, key: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return NONE;
  const f = def.fields[key];
  const option = f?.options?.find((o) => String(o.value) === String(value));
  if (option) return t(option.labelKey);
  if (f?.input === 'date') return dayjs(String(value)).format('DD-MM-YYYY');
  return String(value);
}

/** The lines of the read-back: `before` is the stored record (null when creating), `after` the body to send. */
export function saveReadBack(t: TFunction, def: ResourceDef, before: Readonly<Record<string, unknown>> | null, after: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(def.fields)
    .filter((k) => k in after && !def.fields[k]!.lookup)
    .filter((k) => (before ? shown(t, def, k, before[k]) !== shown(t, def, k, after[k]) : shown(t, def, k, after[k]) !== NONE))
    .map((k) => {
      const label = t(def.fields[k]!.labelKey);
      return before ? `${label}: ${shown(t, def, k, before[k])} → ${shown(t, def, k, after[k])}` : `${label}: ${shown(t, def, k, after[k])}`;
    });
}
