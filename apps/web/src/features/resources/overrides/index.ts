/** The parts of the generic screens that a resource overrides, by the resource's path. */
import { MessageTemplateAside } from './message-template-preview.tsx';
import { SYSTEM_SETTING_OVERRIDE } from './system-setting-value.tsx';
import type { ResourceOverride } from './types.ts';
import { PermissionsAction } from './user-group-permissions.tsx';

export const RESOURCE_OVERRIDES: Readonly<Record<string, ResourceOverride>> = {
  '/user-group': { RowActions: PermissionsAction },
  '/message-template': { FormAside: MessageTemplateAside },
  '/system-setting': SYSTEM_SETTING_OVERRIDE,
};
