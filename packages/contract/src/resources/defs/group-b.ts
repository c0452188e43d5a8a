/** Resources of group B (access, messaging, risk, calendar, settings and per-organization configuration). */
import type { ResourceDef } from '../define.ts';
import { messageTemplateResource } from './message-template.ts';
import { mobileGlobalResource } from './mobile-global.ts';
import { mobileUserGroupResource } from './mobile-user-group.ts';
import { agencyAgentConfigResource, masterMerchantConfigResource, merchantConfigResource } from './organization-config.ts';
import { payoutHolidayResource } from './payout-holiday.ts';
import { riskParameterResource } from './risk-parameter.ts';
import { systemSettingResource } from './system-setting.ts';
import { userGroupResource } from './user-group.ts';

export const GROUP_B: ResourceDef[] = [
  userGroupResource,
  mobileUserGroupResource,
  mobileGlobalResource,
  messageTemplateResource,
  riskParameterResource,
  payoutHolidayResource,
  systemSettingResource,
  masterMerchantConfigResource,
  agencyAgentConfigResource,
  merchantConfigResource,
];

export { MOBILE_PERMISSIONS, MOBILE_PERMISSION_KEY, type MobilePermissionKey } from './mobile-global.ts';
export { MOBILE_USER_TYPES, CASHIER_EXCLUDED_PERMISSIONS } from './mobile-user-group.ts';
export { MESSAGE_CHANNELS, allowedPlaceholders, placeholderProblem, placeholdersOf, renderTemplate } from './message-template.ts';
export { RISK_ACTIONS, RISK_THRESHOLD_KINDS, type RiskThresholdKind } from './risk-parameter.ts';
export { SYSTEM_SETTINGS, settingValueProblem, type SettingValueType, type SystemSettingKey, type SystemSettingSpec } from './system-setting.ts';
export { RISK_PROFILES } from './organization-config.ts';
