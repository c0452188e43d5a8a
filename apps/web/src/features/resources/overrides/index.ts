/** The parts of the generic screens that a resource overrides, by the resource's path. */
import { MessageTemplateAside } from './message-template-preview.tsx';
import { ORGANIZATION_CONFIG_OVERRIDE } from './organization-config.tsx';
import { SYSTEM_SETTING_OVERRIDE } from './system-setting-value.tsx';
import { SYSTEM_SETTING_TEXT_CELLS } from './system-setting-text.tsx';
import type { ResourceOverride } from './types.ts';
import { PermissionsAction } from './user-group-permissions.tsx';

export const RESOURCE_OVERRIDES: Readonly<Record<string, ResourceOverride>> = {
  '/user-group': { RowActions: PermissionsAction },
  '/message-template': { FormAside: MessageTemplateAside },
  '/master-merchant-config': ORGANIZATION_CONFIG_OVERRIDE,
  '/agencyAgent-config': ORGANIZATION_CONFIG_OVERRIDE,
  '/merchant-config': ORGANIZATION_CONFIG_OVERRIDE,
  // Description in the UI language (system-setting-text.tsx).
  '/system-setting': { ...SYSTEM_SETTING_OVERRIDE, cells: { ...SYSTEM_SETTING_OVERRIDE.cells, ...SYSTEM_SETTING_TEXT_CELLS } },
};
