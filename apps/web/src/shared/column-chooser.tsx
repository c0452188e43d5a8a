/**
 * Shows or hides list columns. A box is ticked when its column is shown now (the user's choice,
 * else its priority at this screen width and room: shared/column-layout.ts); the choice is kept
 * per user and screen, and "Default columns" forgets it.
 */
import { Button, Checkbox, Dropdown, Flex } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NO_PREFS, choose, type ColumnPrefs } from './column-layout.ts';

export interface ColumnChoice {
  key: string;
  title: string;
}

/**
 * The "Columns" button and its list of boxes: `columns` all choosable columns, `visible` the keys
 * shown now; `onChange` receives the new choices to keep.
 */
export function ColumnChooser({ columns, visible, prefs, onChange }: { columns: ColumnChoice[]; visible: string[]; prefs: ColumnPrefs; onChange: (prefs: ColumnPrefs) => void }) {
  const { t } = useTranslation();
  const customised = prefs.shown.length > 0 || prefs.hidden.length > 0;
  return (
    <Dropdown
      trigger={['click']}
      popupRender={() => (
        <Flex vertical gap={4} className="ant-dropdown-menu" style={{ padding: 8, maxHeight: 360, overflow: 'auto' }} role="group" aria-label={t('resource.columns')}>
          {columns.map((c) => (
            <Checkbox key={c.key} checked={visible.includes(c.key)} onChange={(e) => onChange(choose(prefs, c.key, e.target.checked))}>
              {c.title}
            </Checkbox>
          ))}
          <Button type="link" size="small" disabled={!customised} onClick={() => onChange(NO_PREFS)} style={{ alignSelf: 'flex-start', paddingInline: 0 }}>
            {t('list.columnsDefault')}
          </Button>
        </Flex>
      )}
    >
      <Button icon={<SettingOutlined />}>{t('resource.columns')}</Button>
    </Dropdown>
  );
}
