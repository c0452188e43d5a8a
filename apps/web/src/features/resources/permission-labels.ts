/**
 * Labels of the §6 permission catalogue in the permission editor: a module's name and each
 * `module:action` permission's name, always through translated keys so the editor never shows a
 * code ("Viewdetail", "Setstatus") or a humanized module id.
 */
import type { TFunction } from 'i18next';
import { allRoutes, resourceActionPermission } from '@paydesk/domain';
import './permission-texts.ts';

const NAV_LABELS = new Map(allRoutes().map((r) => [r.permission, r.labelKey]));

/**
 * The actions of resource screens whose route permission names the screen (tpaconfig:m1 →
 * tpaconfig:m1update): each such permission with its screen's navigation label key and
 * its generic action, so the editor names it "M1 · Edit".
 */
const SCREEN_ACTIONS = new Map(
  allRoutes()
    .filter((r) => r.resource && !r.permission.endsWith(':view'))
    .flatMap((r) => r.resource!.actions.map((a) => [resourceActionPermission(r.permission, a), { nav: r.labelKey, action: a }] as const))
    .filter(([p]) => !NAV_LABELS.has(p)),
);

/** The key of a permission module's name: `perm.module.<module>` (e.g. `perm.module.usergroup`). */
export const moduleLabelKey = (module: string): string => `perm.module.${module}`;

/** The key of a generic permission action's name: `perm.action.<action>` (e.g. `perm.action.setstatus`). */
export const actionLabelKey = (action: string): string => `perm.action.${action}`;

/**
 * The key that names one permission, by precedence:
 *  1. its own key (`perm.<module>.<action>`, the LabelKey the server sends), when the catalogue has it;
 *  2. the generic action's key (`perm.action.<action>`: view, create, update, setstatus, delete,
 *     export, bulkupload, viewdetail, editpermission), shown under the module's card;
 *  3. the navigation label of the screen the permission opens (`salesreport:ecommerce` → `nav.sales-report/ecommerce`),
 *     or of the resource screen an action permission belongs to (`tpaconfig:m1update` → `nav.m1-config`;
 *     permissionLabel adds the action's name);
 *  4. null when none exists (a catalogue gap; the i18n test proves there is none).
 * `has` tells whether the current catalogue holds a key.
 */
export function permissionLabelKey(permission: string, labelKey: string, has: (key: string) => boolean): string | null {
  const [, action = ''] = permission.split(':');
  const nav = NAV_LABELS.get(permission) ?? SCREEN_ACTIONS.get(permission)?.nav;
  const candidates = [labelKey, actionLabelKey(action), ...(nav ? [nav] : [])];
  return candidates.find(has) ?? null;
}

/** A permission's label in the UI language; the permission code itself only when no key names it. */
export function permissionLabel(t: TFunction, permission: string, labelKey: string, has: (key: string) => boolean): string {
  const screen = SCREEN_ACTIONS.get(permission);
  if (screen && !has(labelKey) && has(screen.nav) && has(actionLabelKey(screen.action))) return `${t(screen.nav)} · ${t(actionLabelKey(screen.action))}`;
  const key = permissionLabelKey(permission, labelKey, has);
  return key ? t(key) : permission;
}

/** A module's label in the UI language; the module id only when the catalogue lacks its key. */
export function moduleLabel(t: TFunction, module: string): string {
  return t(moduleLabelKey(module), { defaultValue: module });
}
