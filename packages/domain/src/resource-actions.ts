/** The write actions a configuration resource may allow besides `view` (resource engine; §6 `module:action`). */
export const RESOURCE_ACTIONS = ['create', 'update', 'setstatus', 'delete', 'export', 'bulkupload'] as const;
export type ResourceActionName = (typeof RESOURCE_ACTIONS)[number];

/**
 * The permission of one action on a resource screen whose route permission is `view` (§6
 * `module:action`): `{module}:view` screens take `{module}:{action}` (bank:create); screens whose
 * route permission names the screen itself (contentmanagement:nfcreceipt, tpaconfig:m1, one
 * module holding several screens) take that permission with the action appended
 * (contentmanagement:nfcreceiptcreate, tpaconfig:m1update); a screen whose route permission is
 * one of its actions (tpaconfig:bulkupload) takes it for that action.
 */
export function resourceActionPermission(view: string, action: 'view' | ResourceActionName): string {
  // A screen whose route permission is the action itself (tpaconfig:bulkupload) needs nothing more for it.
  if (action === 'view' || view.endsWith(`:${action}`)) return view;
  return view.endsWith(':view') ? `${view.slice(0, -'view'.length)}${action}` : `${view}${action}`;
}
