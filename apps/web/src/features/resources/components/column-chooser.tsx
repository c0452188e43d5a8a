/** Shows or hides list columns; the choice is kept per resource (column-prefs.ts). */
import { Button, Checkbox, Dropdown, Flex } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface ColumnChoice {
  key: string;
  title: string;
}

export function ColumnChooser({ columns, hidden, onChange }: { columns: ColumnChoice[]; hidden: string[]; onChange: (hidden: string[]) => void }) {
  const { t } = useTranslation();
  const toggle = (key: string, shown: boolean) => onChange(shown ? hidden.filter((k) => k !== key) : [...hidden, key]);
  return (
    <Dropdown
      trigger={['click']}
      popupRender={() => (
        <Flex vertical gap={4} className="ant-dropdown-menu" style={{ padding: 8, maxHeight: 360, overflow: 'auto' }} role="group" aria-label={t('resource.columns')}>
          {columns.map((c) => (
            <Checkbox key={c.key} checked={!hidden.includes(c.key)} onChange={(e) => toggle(c.key, e.target.checked)}>
              {c.title}
            </Checkbox>
          ))}
        </Flex>
      )}
    >
      <Button icon={<SettingOutlined />}>{t('resource.columns')}</Button>
    </Dropdown>
  );
}
