/**
 * /system-setting: a setting's Description in the UI language. The list (and the form's read-only
 * pane) shows `setting.<Key>.description` while the row still holds the seeded English text; an
 * administrator's own wording is shown as stored. (ValueType in words: system-setting-value.tsx.)
 */
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SYSTEM_SETTINGS } from '@paydesk/contract';
import type { ResourceItem } from '../resource-api.ts';
import type { ResourceOverride } from './types.ts';
import './setting-texts.ts';

const SEEDED_DESCRIPTION = new Map<string, string>(SYSTEM_SETTINGS.map((s) => [s.key, s.description]));

/** The key of a setting's translated description: `setting.<SettingKey>.description`. */
export const settingDescriptionKey = (settingKey: string): string => `setting.${settingKey}.description`;

/**
 * A setting's description in the UI language: the translation of `setting.<Key>.description` when
 * the catalogue has it and the stored text is empty or still the seeded one (SYSTEM_SETTINGS);
 * otherwise the stored text, since an administrator changed it. `has` tells whether a key exists.
 */
export function settingDescription(t: TFunction, has: (key: string) => boolean, settingKey: string, stored: string): string {
  const key = settingDescriptionKey(settingKey);
  const seeded = stored.trim() === '' || stored === SEEDED_DESCRIPTION.get(settingKey);
  return seeded && has(key) ? t(key) : stored;
}

function DescriptionCell({ item }: { item: ResourceItem }) {
  const { t, i18n } = useTranslation();
  const key = typeof item.SettingKey === 'string' ? item.SettingKey : '';
  const stored = typeof item.Description === 'string' ? item.Description : '';
  return <Typography.Text>{settingDescription(t, (k) => i18n.exists(k), key, stored)}</Typography.Text>;
}

/** The Description list cell; merged into the /system-setting override (overrides/index.ts). */
export const SYSTEM_SETTING_TEXT_CELLS: NonNullable<ResourceOverride['cells']> = {
  Description: (item) => <DescriptionCell item={item} />,
};
