/** Labels of a declared resource: field and option labels by key, with readable fallbacks. */
import type { TFunction } from 'i18next';
import { RESOURCE_LABELS, type FieldDef, type ResourceDef } from '@paydesk/contract';
import { allRoutes } from '@paydesk/domain';
import { addScreenTexts } from '../../i18n/index.ts';
import type { ResourceItem } from './resource-api.ts';

// The field, option and help texts of every resource come with the resource screens' chunk, not
// the entry (resource texts load with their route), in the words the server's exports
// use. Every list, form and override names fields through this module, so importing it adds them.
addScreenTexts(RESOURCE_LABELS);

/** 'SortOrder' → 'Sort order', 'MdrCategoryId' → 'Mdr category id': the fallback of a missing label. */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const fieldLabel = (t: TFunction, name: string, f: Pick<FieldDef, 'labelKey'>) => t(f.labelKey, { defaultValue: humanize(name) });

export const optionLabel = (t: TFunction, o: { value: string | number; labelKey: string }) => t(o.labelKey, { defaultValue: String(o.value) });

const NAV_LABELS = new Map(allRoutes().map((r) => [r.path, r.labelKey]));

/** A resource's title: its titleKey's text, else its screen's navigation label, else its name. */
export function resourceTitle(t: TFunction, def: Pick<ResourceDef, 'titleKey' | 'name' | 'path'>): string {
  const nav = NAV_LABELS.get(def.path);
  return t(def.titleKey, { defaultValue: nav ? t(nav, { defaultValue: humanize(def.name) }) : humanize(def.name) });
}

/**
 * How a record is named in titles, prompts and messages: its title field, else its id. A title
 * field with options (a risk rule's code) is named by its option's label, in words, as the list
 * shows it: "Edit Consecutive failed payments in a day", never the code.
 */
export function recordName(t: TFunction, def: Pick<ResourceDef, 'titleField' | 'fields'>, item: Pick<ResourceItem, 'Id'> & Record<string, unknown>): string {
  const v = item[def.titleField];
  if (v === undefined || v === null || v === '') return `#${item.Id}`;
  const option = def.fields[def.titleField]?.options?.find((o) => String(o.value) === String(v));
  return option ? optionLabel(t, option) : String(v);
}
