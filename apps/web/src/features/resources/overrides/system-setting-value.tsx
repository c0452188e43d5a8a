/**
 * /system-setting: SettingValue is text whose meaning is the row's ValueType (read-only): the list
 * shows it typed and the form edits it with a matching control. The server checks the value
 * against the type (VAL400 naming SettingValue), which the form shows on the field.
 */
import { Input, InputNumber, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
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

function SettingValueCell({ item }: { item: ResourceItem }) {
  const { t } = useTranslation();
  const value = typeof item.SettingValue === 'string' ? item.SettingValue : '';
  const kind = settingKind(item.ValueType);
  if (kind.kind === 'bool') return value === 'true' ? <Tag color="blue">{t('resource.yes')}</Tag> : <Tag>{t('resource.no')}</Tag>;
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
      return (
        <InputNumber
          id={id}
          disabled={disabled}
          min={kind.min}
          max={kind.max}
          precision={0}
          value={text === '' ? null : Number(text)}
          onChange={(n) => onChange?.(n === null ? '' : String(n))}
          suffix={t('systemSetting.range', { min: kind.min, max: kind.max })}
          style={{ width: '100%' }}
        />
      );
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
      return <Input id={id} disabled={disabled} maxLength={kind.max} showCount value={text} onChange={(e) => onChange?.(e.target.value)} />;
  }
}

export const SYSTEM_SETTING_OVERRIDE: ResourceOverride = {
  cells: { SettingValue: (item) => <SettingValueCell item={item} /> },
  inputs: { SettingValue: SettingValueInput },
};
