/**
 * The resource screens' light catalogue (first-load budgets; engine v2): derived
 * from the navigation tree's resource entries (NavRoute.resource: name, actions) — path and
 * module come with the entry — and a loader of the declaration's own module, found by the
 * bundler among the contract's `resources/defs/*.ts` (each its own chunk). So a new resource
 * screen is listed here without touching this file, and no declaration is in the entry chunk.
 * `test/resource-catalog.test.ts` keeps it equal to RESOURCES (what the server serves), each
 * entry loading that very declaration.
 */
import type { ResourceDef } from '@paydesk/contract';
import { allRoutes } from '@paydesk/domain';
import { addScreenTexts } from '../../i18n/index.ts';

export interface ResourceEntry {
  /** API segment, as ResourceDef.name (e.g. 'Bank'). */
  name: string;
  /** Web route of its screen (§2), as ResourceDef.path. */
  path: string;
  /** Permission module, as ResourceDef.module. */
  module: string;
  /** The screen's route permission (the menu shows it to its holders), as ResourceDef.viewPermission or `{module}:view`. */
  viewPermission: string;
  /** The full declaration; rejects when its chunk cannot be fetched or does not declare `name`. */
  load: () => Promise<ResourceDef>;
}

const MODULES = import.meta.glob<Record<string, unknown>>('../../../../../packages/contract/src/resources/defs/*.ts');

/** 'MdrCategory' → 'mdr-category': a declaration's file by default. */
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

const isDeclaration = (v: unknown, name: string): v is ResourceDef => typeof v === 'object' && v !== null && (v as ResourceDef).name === name && 'fields' in v;

function loader(name: string, file: string): () => Promise<ResourceDef> {
  const key = Object.keys(MODULES).find((k) => k.endsWith(`/defs/${file}.ts`));
  return async () => {
    if (!key) throw new Error(`resource ${name}: no declaration file defs/${file}.ts`);
    const mod = await MODULES[key]!();
    // A module may declare several resources, one by one or as a list (the provider pages' template).
    const def = Object.values(mod).flat().find((v) => isDeclaration(v, name));
    if (!def) throw new Error(`resource ${name}: defs/${file}.ts declares no resource of that name`);
    // The declaration's own labels join the catalogues with its screen.
    if (def.texts) addScreenTexts(def.texts);
    return def;
  };
}

/** In navigation order. */
export const RESOURCE_CATALOG: readonly ResourceEntry[] = allRoutes()
  .filter((r) => r.resource)
  .map((r) => ({ name: r.resource!.name, path: r.path, module: r.permission.split(':')[0]!, viewPermission: r.permission, load: loader(r.resource!.name, r.resource!.file ?? kebab(r.resource!.name)) }));

/** The catalogue entry whose screen is at `path`, if any. */
export function catalogEntryByPath(path: string): ResourceEntry | undefined {
  return RESOURCE_CATALOG.find((r) => r.path === path);
}
