/**
 * /system-setting: SettingValue is text whose meaning is the row's ValueType (read-only): the list
 * shows it typed and the form edits it with a matching control; the value type itself is shown
 * as words ("Whole number from 1 to 240"), not its code ("INT:1:240"). The form checks the value
 * against the type with the contract's rule (the one the server answers VAL400 with) and keeps
 * what was typed: a number out of range is named, never clamped.
 */
import { Input, Switch, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { WholeNumberInput } from '../../../shared/whole-number-input.tsx';
import type { ResourceItem } from '../resource-api.ts';
import type { OverrideInputProps, ResourceOverride } from './types.ts';

export type SettingKind = { kind: 'int'; min: number; max: number } | { kind: 'bool' } | { kind: 'text'; max: number } | { kind: 'url'; empty: boolean };

/** The control a value type calls for (see SettingValueType in the contract). */
export function settingKind(valueType: unknown): SettingKind {
  const s = typeof valueType === 'string' ? valueType : '';
  const int = /^INT:(\d+):(\d+)$/.exec(s);
  if (int) return { kind: 'int', min: Number(int[1]), max: Number(int[2]) };
  if (s === 'BOOL') return { kind: 'bool' };
  if (s === 'URL_OR_PATH' || s === 'URL_OR_EMPTY') return { kind: 'url', empty: s === 'URL_OR_EMPTY' };
  const text = /^TEXT:(\d+)$/.exec(s);
  return { kind: 'text', max: text ? Number(text[1]) : 500 };
}

/** A value type in words, in the current language: 'INT:5:1440' → "Whole number from 5 to 1440". */
export function settingTypeText(t: TFunction, valueType: unknown): string {
  const kind = settingKind(valueType);
  switch (kind.kind) {
    case 'int':
      return t('systemSetting.type.int', { min: kind.min, max: kind.max });
    case 'bool':
      return t('systemSetting.type.bool');
    case 'url':
      return t(kind.empty ? 'systemSetting.type.urlOrEmpty' : 'systemSetting.type.urlOrPath');
    default:
      return t('systemSetting.type.text', { max: kind.max });
  }
}

function SettingTypeCell({ item }: { item: ResourceItem }) {
  const { t } = useTranslation();
  return <>{settingTypeText(t, item.ValueType)}</>;
}

function SettingValueCell({ item }: { item: ResourceItem }) {
  const { t } = useTranslation();
  const value = typeof item.SettingValue === 'string' ? item.SettingValue : '';
  const kind = settingKind(item.ValueType);
  if (kind.kind === 'bool') return value === 'true' ? <Tag color="processing">{t('resource.yes')}</Tag> : <Tag>{t('resource.no')}</Tag>;
  if (value === '') return <Typography.Text type="secondary">{t('systemSetting.empty')}</Typography.Text>;
  if (kind.kind === 'int') return <Typography.Text strong>{value}</Typography.Text>;
  if (kind.kind === 'url') return <Typography.Text code>{value}</Typography.Text>;
  return <>{value}</>;
}

function SettingValueInput({ item, value, onChange, id, disabled }: OverrideInputProps) {
  const { t } = useTranslation();
  const kind = settingKind(item?.ValueType);
  const text = typeof value === 'string' ? value : '';
  switch (kind.kind) {
    case 'int':
      // Kept as typed: 9999 in a 1–240 setting stays 9999 with the range named, never saved as 240.
      return <WholeNumberInput id={id} disabled={disabled} min={kind.min} max={kind.max} value={text} onChange={(v) => onChange?.(v)} />;
    case 'bool':
      return <Switch id={id} disabled={disabled} checked={text === 'true'} onChange={(on) => onChange?.(on ? 'true' : 'false')} />;
    case 'url':
      return (
        <Input
          id={id}
          disabled={disabled}
          type="url"
          inputMode="url"
          allowClear={kind.empty}
          placeholder={kind.empty ? t('systemSetting.urlOrEmpty') : t('systemSetting.urlOrPath')}
          value={text}
          onChange={(e) => onChange?.(e.target.value)}
        />
      );
    default:
      // Counted against the type's limit and marked past it (not cut), so a paste is never shortened unseen.
      return <Input id={id} disabled={disabled} count={{ show: true, max: kind.max }} value={text} onChange={(e) => onChange?.(e.target.value)} />;
  }
}

export const SYSTEM_SETTING_OVERRIDE: ResourceOverride = {
  cells: { SettingValue: (item) => <SettingValueCell item={item} />, ValueType: (item) => <SettingTypeCell item={item} /> },
  inputs: { SettingValue: SettingValueInput },
};
